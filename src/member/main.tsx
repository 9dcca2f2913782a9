// Entry of the member's follow page (acompanhar.html, /acompanhar#<token>): React DOM, one QueryClient and the page; none of the
// app's shell, router, styles, offline cache or service worker (main thread).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { MemberPage } from "./member-page";
import "./member.css";

const queryClient = new QueryClient({
  defaultOptions: {
    // A phone coming back to the tab sees the order as it is now; the page's query sets its own polling and retries.
    queries: { refetchOnWindowFocus: true, refetchOnReconnect: true, staleTime: 0 },
    mutations: { retry: 0 },
  },
});

/** The token is the URL's fragment: never sent to a server by the browser, nor in a Referer. */
const readToken = () => location.hash.slice(1).trim();
const onHashChange = (notify: () => void) => {
  addEventListener("hashchange", notify);
  return () => removeEventListener("hashchange", notify);
};

function MemberApp() {
  const token = useSyncExternalStore(onHashChange, readToken);
  return <MemberPage key={token} token={token} />;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MemberApp />
    </QueryClientProvider>
  </StrictMode>,
);
