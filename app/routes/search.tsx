/** Placeholder: this screen is being built. */
export default function Page() {
  return <h1 className="text-2xl font-bold">search</h1>;
}
