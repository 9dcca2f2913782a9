// Entry point: mounts the router and the toast container, then restores the session (main thread).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Slide, ToastContainer } from "react-toastify";
import { initSession } from "../features/session/store";
import { AppRouter } from "./router";
import "../styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppRouter />
    <ToastContainer position="top-right" autoClose={5000} draggable draggablePercent={80} theme="light"
      hotKeys={(e) => e.altKey && e.code === "KeyT"} transition={Slide} newestOnTop />
  </StrictMode>,
);

void initSession();
