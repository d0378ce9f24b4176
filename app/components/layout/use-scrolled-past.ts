import { useEffect, useState } from "react";

/** True once the page has scrolled more than `px` pixels (docs/product.md#limits-and-constants: header at 50 px, article bar at 100 px). */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px]);
  return past;
}
