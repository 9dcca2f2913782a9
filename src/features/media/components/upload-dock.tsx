// The signed-in shell's upload corner (main thread): the indicator, and the outbox queue started for the signed-in attendant.
// Loaded by the shell after its first paint (the uploader's bridge and worker client stay out of the entry chunk). The queue
// starts in this component's effect, which runs after the indicator's own effect has subscribed to the outbox events, so the
// first job that lands is announced too.
import { useEffect } from "react";
import { startUploadQueue } from "../uploads-store";
import { UploadIndicator } from "./upload-indicator";

export default function UploadDock({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    if (signedIn) void startUploadQueue();
  }, [signedIn]);
  return <UploadIndicator />;
}
