// The toast container, loaded after the first paint (main thread): react-toastify queues the toasts raised before it mounts
// (its store's render queue) and shows them once it does, so no message is lost; the library stays out of the entry chunk.
import { Slide, ToastContainer } from "react-toastify";

/**
 * A pointer that hovers (a mouse) pauses a toast while it rests on it, to read it; a touch screen has no hover, and a toast
 * rising from the bottom over the screen's buttons (phones, issue 50) must go by itself after its 5 s, not stay paused by a
 * pointer left over it.
 */
const canHover = () => typeof matchMedia === "function" && matchMedia("(hover: hover)").matches;

export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover={canHover()}
      draggable
      draggablePercent={80}
      theme="light"
      hotKeys={(e) => e.altKey && e.code === "KeyT"}
      transition={Slide}
      newestOnTop
    />
  );
}
