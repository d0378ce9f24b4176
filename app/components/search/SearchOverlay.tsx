import { Dialog } from "~/components/ui/Dialog";
import { messages } from "~/lib/messages";

interface SearchOverlayProps {
  open: boolean;
  initialQuery: string;
  onClose: () => void;
}

/** Placeholder until the search overlay lands; /search?q= is the page behind it. */
export function SearchOverlay({ open, onClose }: SearchOverlayProps) {
  return (
    <Dialog open={open} onClose={onClose} title={messages.searchArticles} variant="overlay">
      <p>{messages.searchRequired}</p>
    </Dialog>
  );
}
