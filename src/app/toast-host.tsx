// The toast container, loaded after the first paint (main thread): react-toastify queues the toasts raised before it mounts
// (its store's render queue) and shows them once it does, so no message is lost; the library stays out of the entry chunk.
import { Slide, ToastContainer } from "react-toastify";

export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      draggable
      draggablePercent={80}
      theme="light"
      hotKeys={(e) => e.altKey && e.code === "KeyT"}
      transition={Slide}
      newestOnTop
    />
  );
}
