// The /agendamentos routes of the contract: the agenda list, one order's details, motivations, free slots, booking,
// rescheduling and cancelling (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import {
  dateText,
  hhmm,
  int,
  intOrNull,
  list,
  MAX,
  Message,
  noBody,
  nonBlank,
  numberOrText,
  numOrNull,
  obj,
  oneOf,
  params,
  str,
  strOrNull,
  text,
  uuid,
} from "./fields.ts";
import { defineRoute } from "./route.ts";

/** StatusAgendamento: A open (also while executing), C concluded, E cancelled. */
export const STATUS_AGENDAMENTO = ["A", "C", "E"] as const;

/** One row of the agenda: the order, its member and vehicle, its execution and what it is worth. */
export const AgendaRow = obj({
  IdSocioVeiculoAgenda: str(),
  IdSocioVeiculo: str(),
  IdServico: strOrNull("the catalogue service booked, when one was"),
  NumeroOS: int("the OS number shown as 'OS #n'"),
  IdPontoAtendimento: str(),
  VideoInicial: strOrNull("stored name of the initial video"),
  VideoFinal: strOrNull("stored name of the final video"),
  DataAgendamento: str("dd/MM/yyyy"),
  HoraAgendamento: str("HH:mm"),
  Placa: str("upper case, as registered (old plates with their hyphen)"),
  Litragem: strOrNull("engine size"),
  Ano: intOrNull(),
  TipoVeiculo: str(),
  Nome: str("the member's name (the agenda's Solicitante)"),
  Telefone: strOrNull(),
  IdSocio: str(),
  Cpf: str(),
  Motivacao: strOrNull("the motivation chosen at booking"),
  Observacoes: strOrNull("the booked service's notes"),
  Veiculo: str("model"),
  Marca: str(),
  StatusAgendamento: oneOf(STATUS_AGENDAMENTO),
  IdSocioVeiculoAgendaExecucao: strOrNull("set once the order was started (EM ANDAMENTO)"),
  DataHoraInicio: strOrNull("start, dd/MM/yyyy HH:mm Brasília"),
  DataHoraFim: strOrNull("finish, dd/MM/yyyy HH:mm Brasília"),
  NomeInicio: strOrNull("who started it"),
  NomeFim: strOrNull("who finished it"),
  ValorServico: numOrNull("the order's value (BRL)"),
  ValorRepasse: numOrNull("the booked service's payout (BRL)"),
  DescricaoPontoAtendimento: str("the point's trade name"),
  QtdePendencias: int("linked services awaiting the central's approval"),
});

export const listAppointments = defineRoute({
  method: "GET",
  url: "/agendamentos/lista/:idPontoAtendimento",
  summary: "The point's agenda (cancelled orders left out unless asked for), oldest status first, by date and time; ETag/304.",
  access: "point",
  params: params("idPontoAtendimento"),
  querystring: Type.Object({
    tipoPontoAtendimento: Type.Optional(text(MAX.short)),
    status: Type.Optional(text(MAX.short)),
    placa: Type.Optional(text(MAX.plate)),
    idSocio: Type.Optional(text(MAX.param)),
    /** yyyy-MM-dd or dd/MM/yyyy, both ends included. */
    dataInicio: Type.Optional(text(MAX.date)),
    dataFim: Type.Optional(text(MAX.date)),
  }),
  response: {
    200: obj({ message: str(), data: list(AgendaRow), total: int() }),
    304: noBody("the client's copy (If-None-Match) is current"),
  },
  errors: { 404: "another point's id" },
});

export const Agendamento = obj({
  IdSocioVeiculoAgenda: str(),
  IdSocioVeiculo: str(),
  IdPontoAtendimento: str(),
  IdServico: strOrNull(),
  IdMotivacao: intOrNull(),
  NumeroOS: int(),
  DataAgendamento: strOrNull("yyyy-MM-ddT00:00:00.000Z (the day)"),
  HoraAgendamento: strOrNull("1970-01-01THH:mm:00.000Z (the time)"),
  StatusAgendamento: oneOf(STATUS_AGENDAMENTO),
  ValorServico: numOrNull(),
  VideoInicial: strOrNull(),
  VideoFinal: strOrNull(),
  MotivoReagendamento: strOrNull(),
  MotivoCancelamento: strOrNull(),
  ResponsavelFinalizacao: strOrNull("who received the vehicle back (finish form)"),
  ObservacaoFinalizacao: strOrNull(),
  KmFinalizacao: strOrNull(),
});
export const Socio = obj({ IdSocio: str(), Cpf: str(), Nome: str(), Email: strOrNull(), Telefone: strOrNull() });
export const SocioVeiculo = obj({
  IdSocioVeiculo: str(),
  IdSocio: str(),
  Ano: intOrNull(),
  Placa: str(),
  Litragem: strOrNull(),
  TipoVeiculo: str(),
  MarcaVeiculo: str(),
  VeiculoModelo: str(),
});
export const Motivacao = obj({ IdMotivacao: int(), Descricao: str(), AtivoInativo: str("A active, I inactive") });
export const Execucao = obj({
  IdSocioVeiculoAgendaExecucao: str(),
  IdSocioVeiculoAgenda: str(),
  IdUsuarioInicio: str(),
  DataHoraInicio: strOrNull("Brasília wall-clock digits with a Z: read the digits, ignore the zone"),
  IdUsuarioFim: strOrNull(),
  DataHoraFim: strOrNull("as DataHoraInicio"),
  ExecutorInicio: strOrNull("the attendant who started it"),
  ExecutorFim: strOrNull("the attendant who finished it"),
});
export const AppointmentDetails = obj({
  agendamento: Agendamento,
  socio: Socio,
  socioVeiculo: SocioVeiculo,
  motivo: Type.Optional(Motivacao),
  execucao: Type.Optional(Execucao),
});

export const getAppointment = defineRoute({
  method: "GET",
  url: "/agendamentos/get/:idSocioVeiculoAgenda",
  summary: "One order: the appointment, its member, vehicle, motivation and execution (when started).",
  access: "point",
  params: params("idSocioVeiculoAgenda"),
  response: { 200: AppointmentDetails },
  errors: { 404: "not found, or another point's order" },
});

export const listMotivations = defineRoute({
  method: "GET",
  url: "/agendamentos/lista-motivacoes",
  summary: "The active motivations, by description.",
  access: "point",
  response: { 200: obj({ motivacoes: list(Motivacao) }) },
});

export const listFreeSlots = defineRoute({
  method: "POST",
  url: "/agendamentos/lista-horarios-disponiveis",
  summary: "The free times (HH:mm) of a day at the point: opening hours, holidays, lifts and bookings; past times of today left out.",
  access: "point",
  body: Type.Object({
    idPontoAtendimento: uuid,
    dataAgendamento: dateText,
    /** Sent by the original client; the server's clock decides what is past. */
    dataAtual: Type.Optional(text(MAX.short)),
    horaAtual: Type.Optional(text(10)),
  }),
  response: { 200: list(str("HH:mm")) },
  errors: { 400: "a day outside the booking window or not a date", 404: "another point's id" },
});

export const scheduleAppointment = defineRoute({
  method: "POST",
  url: "/agendamentos/agendar",
  summary: "Books a member's vehicle at a free time of the point.",
  access: "point",
  body: Type.Object({
    idPontoAtendimento: uuid,
    idSocio: uuid,
    idSocioVeiculo: uuid,
    data: dateText,
    hora: hhmm,
    /** IdMotivacao, as a number or its text. */
    motivo: numberOrText(MAX.short),
    pecaPorContaDoSocio: Type.Optional(Type.Enum(["S", "N"])),
  }),
  response: { 200: obj({ message: str(), idSocioVeiculoAgenda: str(), NumeroOS: int() }) },
  errors: {
    400: "no motivation, or a day outside the booking window",
    404: "the vehicle is not the member's, or another point's id",
    409: "the time is no longer free",
  },
});

/** The ids the original client sends beside the order's (checked when present). */
const ownerIds = { idPontoAtendimento: Type.Optional(uuid), idSocio: Type.Optional(uuid), idSocioVeiculo: Type.Optional(uuid) };

export const rescheduleAppointment = defineRoute({
  method: "POST",
  url: "/agendamentos/reagendar",
  summary: "Moves a pending order to another free, future time, with the reason (a notice for the point).",
  access: "point",
  body: Type.Object({ idSocioVeiculoAgenda: uuid, ...ownerIds, data: dateText, hora: hhmm, motivo: nonBlank(MAX.reason) }),
  response: { 200: Message },
  errors: { 400: "a past time", 404: "another point's order", 409: "not pending, or the time is no longer free" },
});

export const cancelAppointment = defineRoute({
  method: "POST",
  url: "/agendamentos/cancelar",
  summary: "Cancels an order that is not concluded, with the reason (a notice for the point); cancelling twice is harmless.",
  access: "point",
  body: Type.Object({ idSocioVeiculoAgenda: uuid, ...ownerIds, motivo: nonBlank(MAX.reason), data: Type.Optional(text(MAX.date)) }),
  response: { 200: Message },
  errors: { 404: "another point's order", 409: "a concluded order" },
});

export type AgendaRow = Static<typeof AgendaRow>;
export type AppointmentDetails = Static<typeof AppointmentDetails>;
export type Motivacao = Static<typeof Motivacao>;
