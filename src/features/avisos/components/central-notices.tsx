// Tells the attendant, on whatever screen they are, that the program's central staff approved or rejected a service
// ('Serviço aprovado: …' / 'Serviço recusado: …'): a toast per new notice, then marked read; the screen's data is refreshed
// so a finish that was blocked can go on (main thread).
import { useEffect, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { markNoticesRead } from "../api/avisos";
import { unreadNoticesQuery } from "../query-options";

export function CentralNotices({ pointId }: { pointId: string }) {
  const client = useQueryClient();
  const notices = useQuery(unreadNoticesQuery(pointId));
  const told = useRef(new Set<string>());
  useEffect(() => {
    const fresh = (notices.data ?? []).filter((n) => !told.current.has(n.IdNotificacao));
    if (fresh.length === 0) return;
    for (const n of fresh) {
      told.current.add(n.IdNotificacao);
      const text = `${n.Titulo}. ${n.Conteudo}`;
      if (n.Titulo.startsWith("Serviço recusado")) toast.warning(text);
      else toast.success(text);
    }
    void markNoticesRead(fresh.map((n) => n.IdNotificacao));
    // The open screen (an OS waiting for this approval) shows the decision now, not at its next poll.
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "avisos" });
  }, [notices.data, client]);
  return null;
}
