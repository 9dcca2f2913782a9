// The entry's second stage (main.tsx, issue 37): the libraries every screen uses (TanStack Query, the router, the session's
// store), then the main thread is given back again before the app's own modules are evaluated.
import "@tanstack/react-query";
import "wouter";
import "valtio";
import { yieldToMain } from "../../lib/yield-to-main";

await yieldToMain();
