// React hook over the session store (main thread).
import { useSnapshot } from "valtio";
import { sessionStore } from "./store";

export const useSession = () => useSnapshot(sessionStore);
