// "Verificar evidências" and the video's plate check (src/components/evidence, the OS screen, the central's evidence panel, the
// member's page): loaded with the verification, not with the entry (main thread).
import type { EvidenceKind, VideoPlateCheck } from "../../domain/evidence-chain";

const files = (n: number) => `${n} ${n === 1 ? "arquivo" : "arquivos"}`;

export const EVIDENCE_MSG = {
  title: "Verificação das evidências",
  verify: "Verificar evidências",
  verifyAgain: "Verificar de novo",
  /** Before the chain has arrived (its files not yet counted). */
  starting: "Verificando evidências…",
  progress: (done: number, total: number) => `Verificando evidências… ${done} de ${total} ${total === 1 ? "arquivo" : "arquivos"}`,
  intact: "Evidências íntegras",
  intactSealed: (n: number) => `${files(n)}, cadeia e assinatura conferidas`,
  intactOpen: (n: number) => `${files(n)}, cadeia conferida; a assinatura vem quando a OS for concluída`,
  intactNoSupport: (n: number) =>
    `${files(n)}, cadeia conferida; este navegador não confere assinaturas Ed25519 (atualize-o para conferir a assinatura)`,
  afterSeal: (n: number) =>
    n === 1
      ? "1 arquivo foi enviado depois da conclusão: está na cadeia, mas fora da assinatura."
      : `${n} arquivos foram enviados depois da conclusão: estão na cadeia, mas fora da assinatura.`,
  empty: "Nenhuma evidência registrada nesta OS ainda.",
  problems: "As evidências não conferem",
  /** What the verifier names, the file read as "vídeo inicial (arquivo 3f…e1.mp4, item 2 da cadeia)". */
  altered: (what: string, file: string, seq: number) => `Arquivo alterado: ${what} (arquivo ${file}, item ${seq} da cadeia)`,
  missing: (what: string, file: string, seq: number) => `Arquivo ausente: ${what} (arquivo ${file}, item ${seq} da cadeia)`,
  brokenLink: (seq: number, what: string, file: string) => `Elo da cadeia quebrado no item ${seq} (${what}, arquivo ${file})`,
  badSignature: "Assinatura do servidor inválida",
  sealMismatch: "O selo do servidor não corresponde à cadeia (itens ou último elo diferentes)",
  /** status 0: no answer at all (the connection); else the server's refusal or error, by its code. */
  incomplete: (what: string, file: string, status: number) =>
    `Não foi possível baixar ${what} (arquivo ${file}) para conferir: ${
      status === 0 ? "sem resposta do servidor. Verifique a conexão" : `o servidor respondeu com erro ${status}`
    }. Tente de novo.`,
  loadFailed: "Não foi possível carregar a cadeia de evidências. Tente novamente.",
  failed: "Não foi possível concluir a verificação. Tente novamente.",
  kinds: {
    "video-inicial": "vídeo inicial",
    "video-final": "vídeo final",
    foto: "foto",
    "foto-servico": "foto do serviço",
    "video-servico": "vídeo do serviço",
    laudo: "laudo",
    recibo: "recibo",
    "foto-vistoria": "foto da vistoria",
    vistoria: "vistoria",
    "confirmacao-vistoria": "confirmação da vistoria pelo sócio",
  } satisfies Record<EvidenceKind, string>,
  plate: {
    loading: "Placa no vídeo: verificando…",
    read: { confere: "confere", "nao-confere": "não confere" } satisfies Record<Exclude<VideoPlateCheck, "nao-lida">, string>,
    line: (plate: string, check: string) => `Placa no vídeo: ${plate} (${check})`,
    notRead: "Placa no vídeo: não lida",
    confirmed: "confirmada pelo atendente",
    failed: "Placa no vídeo: não foi possível carregar",
  },
};
