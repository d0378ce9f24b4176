import { useMessages } from "~/contexts/i18n";

interface MenuButtonProps {
  open: boolean;
  /** The id of the menu it shows and hides. */
  controls: string;
  onToggle: () => void;
  /** The hover colour, which depends on the bar the button sits in. */
  className: string;
}

/** The hamburger that opens a menu below the large breakpoint, where the menu is folded away. */
export function MenuButton({ open, controls, onToggle, className }: MenuButtonProps) {
  const messages = useMessages();
  return (
    <button
      type="button"
      className={`rounded p-2 lg:hidden ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={messages.menu}
      onClick={onToggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}
