// One table of every API route of the spec: how to call it with ids of a given service point (tests only).
import { createECDH } from "node:crypto";

/** A device's P-256 public key for the push subscription's call (the server checks it is a point on the curve). */
const pushKeys = createECDH("prime256v1");
pushKeys.generateKeys();
const PUSH_KEY = pushKeys.getPublicKey().toString("base64url");

export interface Ids {
  point: string;
  pending: string;
  done: string;
  vehicle: string;
  member: string;
  user: string;
  service: string;
  execService: string;
  photo: string;
  note: string;
  laudo: string;
  recibo: string;
  bank: string;
  retorno: string;
  file: string;
  /** A finished resumable (tus) upload of the point. */
  upload: string;
}
export interface RouteCase {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  /** false: the route names no resource of a point (login flow, motivations, upload, invite). */
  tenant: boolean;
  call(ids: Ids): { url: string; body?: object; headers?: Record<string, string> };
}

const TUS = { "tus-resumable": "1.0.0" };
/** A damage mark's id, as the phone makes one. */
const INSPECTION_MARK = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

const r = (method: RouteCase["method"], path: string, call: RouteCase["call"], tenant = true): RouteCase => ({
  method,
  path,
  call,
  tenant,
});

export const ROUTES: RouteCase[] = [
  r("GET", "/credenciado/auth", () => ({ url: "/credenciado/auth" }), false),
  r("GET", "/credenciado/get", () => ({ url: "/credenciado/get" }), false),
  r("POST", "/credenciado/logout", () => ({ url: "/credenciado/logout", body: {} }), false),
  r("GET", "/agendamentos/lista/:idPontoAtendimento", (i) => ({ url: `/agendamentos/lista/${i.point}` })),
  r("GET", "/agendamentos/get/:idSocioVeiculoAgenda", (i) => ({ url: `/agendamentos/get/${i.pending}` })),
  // The member follow link (issue 39), while the pending order is still open (a later call cancels it).
  r("POST", "/execucao/:id/acompanhamento", (i) => ({ url: `/execucao/${i.pending}/acompanhamento`, body: {} })),
  r("GET", "/execucao/:id/acompanhamento", (i) => ({ url: `/execucao/${i.pending}/acompanhamento` })),
  r("DELETE", "/execucao/:id/acompanhamento", (i) => ({ url: `/execucao/${i.pending}/acompanhamento` })),
  r("GET", "/agendamentos/lista-motivacoes", () => ({ url: "/agendamentos/lista-motivacoes" }), false),
  r("POST", "/agendamentos/lista-horarios-disponiveis", (i) => ({
    url: "/agendamentos/lista-horarios-disponiveis",
    body: { idPontoAtendimento: i.point, dataAgendamento: "2030-03-04", dataAtual: "01/01/2030", horaAtual: "08:00" },
  })),
  r("POST", "/agendamentos/agendar", (i) => ({
    url: "/agendamentos/agendar",
    body: {
      idPontoAtendimento: i.point,
      idSocio: i.member,
      idSocioVeiculo: i.vehicle,
      data: "2030-03-04",
      hora: "09:00",
      motivo: 1,
      pecaPorContaDoSocio: "N",
    },
  })),
  r("POST", "/agendamentos/reagendar", (i) => ({
    url: "/agendamentos/reagendar",
    body: {
      idSocioVeiculoAgenda: i.pending,
      idPontoAtendimento: i.point,
      idSocio: i.member,
      idSocioVeiculo: i.vehicle,
      data: "2030-03-04",
      hora: "09:00",
      motivo: "x",
    },
  })),
  // Vehicle inspections (issue 53): before the cancel below, which closes the order they write to.
  r("GET", "/vistorias/:id", (i) => ({ url: `/vistorias/${i.pending}` })),
  r("POST", "/vistorias/item", (i) => ({
    url: "/vistorias/item",
    body: { idSocioVeiculoAgenda: i.pending, tipo: "entrada", chave: "pneus", status: "ok" },
  })),
  r("POST", "/vistorias/marca", (i) => ({
    url: "/vistorias/marca",
    body: { idSocioVeiculoAgenda: i.pending, tipo: "entrada", idMarca: INSPECTION_MARK, vista: "topo", x: 0.5, y: 0.5 },
  })),
  r("POST", "/vistorias/remover-marca", (i) => ({
    url: "/vistorias/remover-marca",
    body: { idSocioVeiculoAgenda: i.pending, tipo: "entrada", idMarca: INSPECTION_MARK },
  })),
  r("POST", "/vistorias/foto", (i) => ({
    url: "/vistorias/foto",
    body: { idSocioVeiculoAgenda: i.pending, tipo: "entrada", foto: i.file, painel: true },
  })),
  r("POST", "/vistorias/hodometro", (i) => ({
    url: "/vistorias/hodometro",
    body: { idSocioVeiculoAgenda: i.pending, tipo: "entrada", km: 1000, combustivel: "1/2" },
  })),
  r("POST", "/vistorias/concluir", (i) => ({
    url: "/vistorias/concluir",
    body: { idSocioVeiculoAgenda: i.pending, tipo: "entrada" },
  })),
  r("POST", "/agendamentos/cancelar", (i) => ({
    url: "/agendamentos/cancelar",
    body: { idSocioVeiculoAgenda: i.pending, idPontoAtendimento: i.point, idSocio: i.member, idSocioVeiculo: i.vehicle, motivo: "x" },
  })),
  r("POST", "/agendamentos/iniciar", (i) => ({
    url: "/agendamentos/iniciar",
    body: { idSocioVeiculoAgenda: i.pending, idPontoAtendimentoUsuario: i.user },
  })),
  r("POST", "/agendamentos/concluir", (i) => ({
    url: "/agendamentos/concluir",
    body: { idSocioVeiculoAgenda: i.pending, idPontoAtendimentoUsuario: i.user },
  })),
  r("POST", "/agendamentos/atualizar-video-inicial", (i) => ({
    url: "/agendamentos/atualizar-video-inicial",
    body: { idSocioVeiculoAgenda: i.pending, videoInicial: i.file },
  })),
  r("POST", "/agendamentos/atualizar-video-final", (i) => ({
    url: "/agendamentos/atualizar-video-final",
    body: { idSocioVeiculoAgenda: i.pending, videoFinal: i.file },
  })),
  r("GET", "/ponto-atendimento/servicos/:idPontoAtendimento", (i) => ({ url: `/ponto-atendimento/servicos/${i.point}` })),
  r("GET", "/agendamentos/servicos-vinculados/:idSocioVeiculoAgenda", (i) => ({ url: `/agendamentos/servicos-vinculados/${i.done}` })),
  r("POST", "/agendamentos/vincular-servico", (i) => ({
    url: "/agendamentos/vincular-servico",
    body: { idPontoAtendimentoUsuario: i.user, idSocioVeiculoAgenda: i.pending, idServico: i.service },
  })),
  r("POST", "/agendamentos/desvincular-servico", (i) => ({
    url: "/agendamentos/desvincular-servico",
    body: { idSocioVeiculoAgendaExecucaoServico: i.execService },
  })),
  r("POST", "/agendamentos/servico-arquivo", (i) => ({
    url: "/agendamentos/servico-arquivo",
    body: { idSocioVeiculoAgendaExecucaoServico: i.execService, tipo: "foto", arquivo: i.file },
  })),
  r("POST", "/servico/verificar-garantia", (i) => ({
    url: "/servico/verificar-garantia",
    body: { idSocioVeiculo: i.vehicle, idServico: i.service },
  })),
  r("POST", "/servico/verificar-limite-anual", (i) => ({ url: "/servico/verificar-limite-anual", body: { idSocioVeiculo: i.vehicle } })),
  r("GET", "/agendamentos/get-fotos/:id", (i) => ({ url: `/agendamentos/get-fotos/${i.done}` })),
  r("GET", "/execucao/:id/evidencias", (i) => ({ url: `/execucao/${i.done}/evidencias` })),
  r("POST", "/agendamentos/adicionar-foto", (i) => ({
    url: "/agendamentos/adicionar-foto",
    body: { idSocioVeiculoAgenda: i.done, foto: i.file },
  })),
  r("POST", "/agendamentos/deletar-foto", (i) => ({
    url: "/agendamentos/deletar-foto",
    body: { idSocioVeiculoAgendaExecucaoFoto: i.photo },
  })),
  r("GET", "/agendamentos/get-anotacoes/:id", (i) => ({ url: `/agendamentos/get-anotacoes/${i.done}` })),
  r("POST", "/agendamentos/adicionar-anotacao", (i) => ({
    url: "/agendamentos/adicionar-anotacao",
    body: { idSocioVeiculoAgenda: i.done, anotacao: "x", data: new Date().toISOString() },
  })),
  r("POST", "/agendamentos/deletar-anotacao", (i) => ({
    url: "/agendamentos/deletar-anotacao",
    body: { idSocioVeiculoAgendaExecucaoAnotacao: i.note },
  })),
  r("GET", "/agendamentos/get-laudos/:id", (i) => ({ url: `/agendamentos/get-laudos/${i.done}` })),
  r("POST", "/agendamentos/adicionar-laudo", (i) => ({
    url: "/agendamentos/adicionar-laudo",
    body: { idSocioVeiculoAgenda: i.done, nomeArquivo: i.file, data: "x" },
  })),
  r("POST", "/agendamentos/deletar-laudo", (i) => ({ url: "/agendamentos/deletar-laudo", body: { idSocioVeiculoAgendaLaudo: i.laudo } })),
  r("GET", "/agendamentos/get-notas-fiscais/:id", (i) => ({ url: `/agendamentos/get-notas-fiscais/${i.done}` })),
  r("POST", "/agendamentos/adicionar-nota-fiscal", (i) => ({
    url: "/agendamentos/adicionar-nota-fiscal",
    body: { idSocioVeiculoAgenda: i.done, notaFiscal: i.file, nomeArquivo: "r.pdf", data: "x" },
  })),
  r("POST", "/agendamentos/deletar-nota-fiscal", (i) => ({
    url: "/agendamentos/deletar-nota-fiscal",
    body: { idSocioVeiculoAgendaNotaFiscal: i.recibo },
  })),
  r("GET", "/avaliacoes/get-average/:idPontoAtendimento", (i) => ({ url: `/avaliacoes/get-average/${i.point}` })),
  r("GET", "/avaliacoes/get-all/:idPontoAtendimento", (i) => ({ url: `/avaliacoes/get-all/${i.point}` })),
  r("GET", "/scanner/get-agendamento-pontoatendimento-by-placa/:idPontoAtendimento/:placa", (i) => ({
    url: `/scanner/get-agendamento-pontoatendimento-by-placa/${i.point}/ABC1234`,
  })),
  r(
    "POST",
    "/scanner/enviar-convite",
    () => ({ url: "/scanner/enviar-convite", body: { telefone: "(81) 99999-0000", placa: "ABC1234" } }),
    false,
  ),
  r("GET", "/ponto-atendimento/get-dados-bancarios/:idPontoAtendimento", (i) => ({
    url: `/ponto-atendimento/get-dados-bancarios/${i.point}`,
  })),
  r("POST", "/ponto-atendimento/add-dado-bancario", (i) => ({
    url: "/ponto-atendimento/add-dado-bancario",
    body: {
      IdPontoAtendimento: i.point,
      TipoChavePix: "EMAIL",
      ChavePix: "a@b.co",
      NomeTitular: "X",
      DocumentoTitular: "1",
      Selecionado: "N",
    },
  })),
  r("POST", "/ponto-atendimento/edit-dado-bancario", (i) => ({
    url: "/ponto-atendimento/edit-dado-bancario",
    body: {
      IdDadoBancario: i.bank,
      IdPontoAtendimento: i.point,
      TipoChavePix: "EMAIL",
      ChavePix: "a@b.co",
      NomeTitular: "X",
      DocumentoTitular: "1",
      Selecionado: "N",
    },
  })),
  r("POST", "/ponto-atendimento/delete-dado-bancario", (i) => ({
    url: "/ponto-atendimento/delete-dado-bancario",
    body: { IdDadoBancario: i.bank },
  })),
  r("GET", "/ponto-atendimento/dados-cadastrais/:idPontoAtendimento", (i) => ({ url: `/ponto-atendimento/dados-cadastrais/${i.point}` })),
  r("POST", "/ponto-atendimento/atualizar-dados-cadastrais", (i) => ({
    url: "/ponto-atendimento/atualizar-dados-cadastrais",
    body: { IdPontoAtendimento: i.point, RazaoSocial: "Invasor Ltda" },
  })),
  r("GET", "/retorno-servico/lista/:idPontoAtendimento", (i) => ({ url: `/retorno-servico/lista/${i.point}` })),
  r("POST", "/retorno-servico/adicionar", (i) => ({
    url: "/retorno-servico/adicionar",
    body: { data: { IdSocioVeiculoAgenda: i.done, Tipo: "OUTROS", Status: "A", Descricao: "x" } },
  })),
  r("POST", "/retorno-servico/atualizar", (i) => ({
    url: "/retorno-servico/atualizar",
    body: { idRetornoServico: i.retorno, data: { Tipo: "OUTROS", Status: "C", Descricao: "x" } },
  })),
  r("POST", "/retorno-servico/atualizar-arquivos", (i) => ({
    url: "/retorno-servico/atualizar-arquivos",
    body: { IdRetornoServico: i.retorno, fotos: i.file },
  })),
  r("POST", "/retorno-servico/deletar", (i) => ({ url: "/retorno-servico/deletar", body: { idRetornoServico: i.retorno } })),
  r("GET", "/retorno-servico/agendamentos-disponiveis/:idPontoAtendimento", (i) => ({
    url: `/retorno-servico/agendamentos-disponiveis/${i.point}`,
  })),
  r("POST", "/espelho/lista", (i) => ({ url: "/espelho/lista", body: { idPontoAtendimento: i.point } })),
  // A paid payout's proof: no seeded payout of point 2 has one, so it is called with an unknown id here; another point's
  // payout answering 404 is tested in tests/server/central-payments-batches.test.ts.
  r("GET", "/espelho/comprovante/:id", () => ({ url: "/espelho/comprovante/00000000-0000-4000-8000-000000000000" }), false),
  r("POST", "/uploads/upload", () => ({ url: "/uploads/upload", body: {} }), false),
  r("GET", "/uploads/files/:name", (i) => ({ url: `/uploads/files/${i.file}` })),
  r("POST", "/uploads/tus", () => ({ url: "/uploads/tus", headers: { ...TUS, "upload-length": "10" } }), false),
  r("GET", "/uploads/tus/:id", (i) => ({ url: `/uploads/tus/${i.upload}` })),
  r("PATCH", "/uploads/tus/:id", (i) => ({
    url: `/uploads/tus/${i.upload}`,
    headers: { ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
  })),
  r("GET", "/notificacoes", () => ({ url: "/notificacoes" }), false),
  r("POST", "/notificacoes/lidas", () => ({ url: "/notificacoes/lidas", body: { ids: [] } }), false),
  r("POST", "/notificacoes/lidas/todas", () => ({ url: "/notificacoes/lidas/todas", body: {} }), false),
  r("GET", "/notificacoes/push/chave", () => ({ url: "/notificacoes/push/chave" }), false),
  r(
    "POST",
    "/notificacoes/push/inscrever",
    () => ({
      url: "/notificacoes/push/inscrever",
      // A browser push service's address and a real P-256 key (issue 50: others are refused).
      body: { endpoint: "https://fcm.googleapis.com/fcm/send/inscricao-1", keys: { p256dh: PUSH_KEY, auth: "A".repeat(22) } },
    }),
    false,
  ),
  r(
    "POST",
    "/notificacoes/push/remover",
    () => ({ url: "/notificacoes/push/remover", body: { endpoint: "https://fcm.googleapis.com/fcm/send/inscricao-1" } }),
    false,
  ),
  r("DELETE", "/uploads/tus/:id", (i) => ({ url: `/uploads/tus/${i.upload}`, headers: TUS })),
  r("GET", "/usuarios/lista/:idPontoAtendimento", (i) => ({ url: `/usuarios/lista/${i.point}?inativos=S` })),
  r("GET", "/usuarios/tipos", () => ({ url: "/usuarios/tipos" }), false),
  r("POST", "/usuarios/adicionar", (i) => ({
    url: "/usuarios/adicionar",
    body: { Nome: "Intruso", Email: "intruso@teste.com.br", IdPontoAtendimento: i.point, IdUsuarioTipo: 2 },
  })),
  r("POST", "/usuarios/atualizar", (i) => ({ url: "/usuarios/atualizar", body: { IdPontoAtendimentoUsuario: i.user, Nome: "Intruso" } })),
  r("POST", "/usuarios/deletar", (i) => ({ url: "/usuarios/deletar", body: { IdPontoAtendimentoUsuario: i.user } })),
  r("POST", "/usuarios/reativar", (i) => ({ url: "/usuarios/reativar", body: { IdPontoAtendimentoUsuario: i.user } })),
  r("POST", "/usuarios/link-acesso", (i) => ({ url: "/usuarios/link-acesso", body: { IdPontoAtendimentoUsuario: i.user } })),
  // The record of changes: a point's administrators read their own point's (the central reads every point's: central.test.ts).
  r("GET", "/auditoria", (i) => ({ url: `/auditoria?idPontoAtendimento=${i.point}` })),
];
