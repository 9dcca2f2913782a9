// Lazily loaded page chunks with a load timeout and a retry screen instead of a blank page (main thread).
import { Component, lazy, type ComponentType, type ReactNode } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../config/env";
import { MSG } from "../config/messages.pt-BR";

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("chunk timeout")), CHUNK_LOAD_TIMEOUT_MS);
        load()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  );
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-state" role="alert">
        <p>{MSG.chunk.failed}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {MSG.chunk.retry}
        </button>
      </div>
    );
  }
}
