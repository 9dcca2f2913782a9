// Calls of /notificacoes: the point's unread notices of the program's central staff, and marking them read (main thread).
import { get, post } from "../../../lib/api-client";

export interface CentralNotice {
  IdNotificacao: string;
  Titulo: string;
  Conteudo: string;
  DataHora: string;
}

export const listNotices = (signal?: AbortSignal) => get<{ data: CentralNotice[] }>("/notificacoes", { signal });
export const markNoticesRead = (ids: string[]) => post<{ success: boolean }>("/notificacoes/lidas", { ids });
