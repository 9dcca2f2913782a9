// A code chunk that failed to download (a phone that lost its connection) shown as a message with a retry that reloads the
// page, instead of an empty screen; React.lazy keeps a failed import, so only a reload fetches it again (main thread: the
// app's router and the member's follow page, each with its own words and classes).
import { Component, type ReactNode } from "react";

interface Props {
  children: ReactNode;
  message: string;
  retry: string;
  className?: string;
  messageClassName?: string;
  buttonClassName: string;
}

export class LoadFailureBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={this.props.className} role="alert">
        <p className={this.props.messageClassName}>{this.props.message}</p>
        <button type="button" className={this.props.buttonClassName} onClick={() => window.location.reload()}>
          {this.props.retry}
        </button>
      </div>
    );
  }
}
