import { Component } from "react";
import { useMessages } from "~/contexts/i18n";

/**
 * The editor's code comes as a separate download. If it fails (offline, a deploy in between), the
 * rest of the form stays on screen with what was typed, instead of the page's error screen.
 */
export class EditorErrorBoundary extends Component<{ children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("The rich-text editor failed to load", error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <EditorLoadFailed />;
  }
}

function EditorLoadFailed() {
  const messages = useMessages();
  return (
    <p role="alert" className="mt-1 rounded-md bg-red-50 px-3 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {messages.editorLoadFailed}
    </p>
  );
}
