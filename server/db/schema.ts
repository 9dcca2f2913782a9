// One Postgres schema for the whole portal (server only); column names become snake_case through drizzle's casing option.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const flag = (value: string) => char({ length: 1 }).notNull().default(value);
const money = () => numeric({ precision: 12, scale: 2, mode: "number" });

export const servicePoints = pgTable(
  "service_points",
  {
    id: id(),
    tradeName: text().notNull(),
    corporateName: text().notNull(),
    cnpj: text().notNull(),
    stateRegistration: text(),
    registrationNumber: text(),
    lifts: integer().notNull().default(1),
    cep: text(),
    address: text(),
    city: text(),
    uf: char({ length: 2 }),
    complement: text(),
    district: text(),
    latitude: numeric({ mode: "number" }),
    longitude: numeric({ mode: "number" }),
    weekdayOpen: time(),
    weekdayClose: time(),
    saturdayOpen: time(),
    saturdayClose: time(),
    sundayOpen: time(),
    sundayClose: time(),
    holidayOpen: time(),
    holidayClose: time(),
    ownNetwork: flag("N"),
    logo: text(),
    photos: text(),
    /**
     * Last change of what a payout is paid to (bank/PIX data, CNPJ, company name) and the central's last confirmation of it:
     * while a change of the last 7 days is unconfirmed, the point's payouts are held back (server/rules/payout-hold.ts).
     */
    paymentDataChangedAt: timestamp({ withTimezone: true }),
    paymentDataConfirmedAt: timestamp({ withTimezone: true }),
    /**
     * Issue 49 (migration 0016): the point user (point_users.id) who made the last change of payment data. No foreign key:
     * point_users references this table, and a cycle would leave no order to copy the tables in (db/move-to-postgres.ts).
     */
    paymentDataChangedBy: uuid(),
    /**
     * The payee (src/domain/payee.ts PayeeValues, unmasked) the central last confirmed in full; for a point never confirmed, the
     * payee as it was before its first change. The review's "before" (the record keeps accounts and keys masked).
     */
    paymentDataConfirmedPayee: jsonb(),
    /**
     * The first of two confirmations of a change to a natural person (a CPF holder): who and when. The payouts stay held until
     * another central user confirms; a new change clears it (server/services/payee-review.ts).
     */
    paymentDataFirstConfirmedBy: uuid().references((): AnyPgColumn => centralUsers.id),
    paymentDataFirstConfirmedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      "service_points_first_confirmation_check",
      sql`(${t.paymentDataFirstConfirmedBy} is null) = (${t.paymentDataFirstConfirmedAt} is null)`,
    ),
  ],
);

export const userTypes = pgTable("user_types", {
  id: serial().primaryKey(),
  description: text().notNull(),
  administrative: flag("N"),
  attendance: flag("S"),
  active: flag("A"),
});

export const pointUsers = pgTable(
  "point_users",
  {
    id: id(),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    userTypeId: integer()
      .notNull()
      .references(() => userTypes.id),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    /** Null until the user sets a password through their invitation (Primeiro acesso): adding a user creates none. */
    passwordHash: text(),
    active: flag("A"),
    createdAt: createdAt(),
    lastSignInAt: timestamp({ withTimezone: true }),
    /** Creation order where created_at ties (rows inserted by one statement share it): the principal is the first by both. */
    seq: bigserial({ mode: "number" }).notNull(),
  },
  // Unique among ACTIVE users only: a deactivated attendant's address may be given to a new account.
  (t) => [
    uniqueIndex("point_users_active_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.active} = 'A'`),
  ],
);

/**
 * One-time access links: an invitation (first password) or a password reset. Only the SHA-256 of the random token is stored;
 * a link is used once (usedAt), expires (expiresAt), and issuing a new one for the user revokes the earlier unused ones.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => pointUsers.id, { onDelete: "cascade" }),
    /** "convite" (first access) or "redefinicao" (password reset). */
    kind: text().notNull(),
    /** The administrator who issued it; null when the user asked for it ('Esqueci minha senha'). */
    issuedBy: uuid().references(() => pointUsers.id),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => pointUsers.id, { onDelete: "cascade" }),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    remember: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt)],
);

/** The program's central staff: they approve extra services and pay the points; they belong to no service point. */
export const centralUsers = pgTable(
  "central_users",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    /** Null while an invited colleague has not yet chosen a password through their invitation (issue 38). */
    passwordHash: text(),
    active: flag("A"),
    /** What the user may do (issue 38): "approver" decides services, "payer" pays, "admin" does both and manages the staff. */
    role: text().notNull().default("admin"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("central_users_email_idx").on(sql`lower(${t.email})`),
    check("central_users_role_check", sql`${t.role} in ('approver', 'payer', 'admin')`),
  ],
);

/**
 * A central colleague's invitation (issue 38): the one-time link through which an invited user chooses their first password.
 * Only the SHA-256 of the random token is kept; it expires (expiresAt) and is spent once (usedAt, a conditional update).
 */
export const centralInvitations = pgTable(
  "central_invitations",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => centralUsers.id, { onDelete: "cascade" }),
    /** The admin who invited them (or issued a new link). */
    createdBy: uuid()
      .notNull()
      .references(() => centralUsers.id),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("central_invitations_user_idx").on(t.userId)],
);

export const centralSessions = pgTable(
  "central_sessions",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => centralUsers.id, { onDelete: "cascade" }),
    remember: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("central_sessions_expires_idx").on(t.expiresAt)],
);

/** Every central action: who, when, on what, what it did, the value before and after, and the note given. */
export const centralActions = pgTable(
  "central_actions",
  {
    id: serial().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => centralUsers.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** "execution_service" (an approval) or "payout" (a payment). */
    entity: text().notNull(),
    entityId: uuid().notNull(),
    action: text().notNull(),
    previous: text(),
    next: text(),
    note: text(),
  },
  (t) => [index("central_actions_entity_idx").on(t.entity, t.entityId)],
);

export const members = pgTable("members", {
  id: id(),
  cpf: text().notNull(),
  name: text().notNull(),
  email: text(),
  phone: text(),
});

export const vehicles = pgTable(
  "vehicles",
  {
    id: id(),
    memberId: uuid()
      .notNull()
      .references(() => members.id),
    brand: text().notNull(),
    model: text().notNull(),
    year: integer(),
    plate: text().notNull(),
    engineSize: text(),
    vehicleType: text().notNull(),
    status: flag("A"),
  },
  (t) => [index("vehicles_plate_idx").on(t.plate)],
);

export const motivations = pgTable("motivations", {
  id: serial().primaryKey(),
  description: text().notNull(),
  active: flag("A"),
});

export const services = pgTable("services", {
  id: id(),
  description: text().notNull(),
  averageMinutes: integer().notNull().default(60),
  price: money().notNull().default(0),
  payout: money().notNull().default(0),
  extraValue: money(),
  annualLimit: integer().notNull().default(0),
  warrantyDays: integer().notNull().default(0),
  vehicleType: text().notNull(),
  kind: text().notNull(),
  providedByProgram: flag("N"),
  notes: text(),
  active: flag("A"),
});

export const pointServices = pgTable(
  "point_services",
  {
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    serviceId: uuid()
      .notNull()
      .references(() => services.id),
    active: flag("A"),
  },
  (t) => [primaryKey({ columns: [t.servicePointId, t.serviceId] })],
);

export const appointments = pgTable(
  "appointments",
  {
    id: id(),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id),
    serviceId: uuid().references(() => services.id),
    motivationId: integer().references(() => motivations.id),
    osNumber: integer().notNull().generatedByDefaultAsIdentity({ startWith: 10001 }).unique(),
    date: date().notNull(),
    time: time().notNull(),
    status: flag("A"),
    partByMember: flag("N"),
    serviceValue: money(),
    initialVideo: text(),
    finalVideo: text(),
    rescheduleReason: text(),
    cancelReason: text(),
    finishResponsible: text(),
    finishNote: text(),
    finishKm: text(),
    createdAt: createdAt(),
  },
  (t) => [index("appointments_point_date_idx").on(t.servicePointId, t.date)],
);

export const executions = pgTable("executions", {
  id: id(),
  appointmentId: uuid()
    .notNull()
    .unique()
    .references(() => appointments.id),
  startedBy: uuid()
    .notNull()
    .references(() => pointUsers.id),
  startedAt: timestamp({ withTimezone: true }).notNull(),
  finishedBy: uuid().references(() => pointUsers.id),
  finishedAt: timestamp({ withTimezone: true }),
});

export const executionServices = pgTable(
  "execution_services",
  {
    id: id(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id),
    serviceId: uuid()
      .notNull()
      .references(() => services.id),
    userId: uuid().references(() => pointUsers.id),
    approvalStatus: flag("P"),
    paid: flag("N"),
    paidAt: timestamp({ withTimezone: true }),
    extraValue: money(),
    partByMember: char({ length: 1 }),
    photo1: text(),
    photo2: text(),
    photo3: text(),
    video: text(),
    pointNote: text(),
    officeNote: text(),
    createdAt: createdAt(),
    /** The central user who approved or refused it and when (the database's clock); cleared when they undo it (issue 38). */
    decidedBy: uuid().references(() => centralUsers.id),
    decidedAt: timestamp({ withTimezone: true }),
    /** The check-in inspection's finding (an Atenção or Crítico item) this service answers (issue 53, migration 0018). */
    inspectionId: uuid().references((): AnyPgColumn => inspections.id),
    inspectionItemKey: text(),
  },
  (t) => [
    index("execution_services_appointment_idx").on(t.appointmentId),
    // A service awaiting approval carries no decision: an undo clears both, a decision sets both.
    check(
      "execution_services_pending_undecided_check",
      sql`${t.approvalStatus} <> 'P' or (${t.decidedBy} is null and ${t.decidedAt} is null)`,
    ),
    // The "Decididas" view lists decisions newest first.
    index("execution_services_decided_idx")
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
    // One link of a service per order, whatever races: two links of one service were two payouts for one service.
    uniqueIndex("execution_services_appointment_service_idx").on(t.appointmentId, t.serviceId),
    // The agenda list counts pending services per row (QtdePendencias): a partial index keeps that count to the few pending rows.
    index("execution_services_pending_idx")
      .on(t.appointmentId)
      .where(sql`${t.approvalStatus} = 'P'`),
  ],
);

const appointmentChild = {
  id: id(),
  appointmentId: uuid()
    .notNull()
    .references(() => appointments.id),
  userId: uuid().references(() => pointUsers.id),
  createdAt: createdAt(),
};

export const executionPhotos = pgTable("execution_photos", { ...appointmentChild, file: text().notNull() });
export const executionNotes = pgTable("execution_notes", {
  ...appointmentChild,
  text: text().notNull(),
  /** Shown on the member's follow page (issue 39); the attendant marks it when adding the note. */
  visibleToMember: boolean().notNull().default(false),
});
export const reports = pgTable("reports", {
  ...appointmentChild,
  file: text().notNull(),
  fileName: text().notNull(),
  description: text(),
});
export const receipts = pgTable("receipts", {
  ...appointmentChild,
  file: text().notNull(),
  fileName: text().notNull(),
  description: text(),
  amount: money(),
  size: integer(),
});

export const ratings = pgTable("ratings", {
  appointmentId: uuid()
    .primaryKey()
    .references(() => appointments.id),
  score: integer().notNull(),
  comment: text(),
  createdAt: createdAt(),
});

export const payoutStatements = pgTable(
  "payout_statements",
  {
    id: id(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    executionServiceId: uuid()
      .notNull()
      .unique()
      .references(() => executionServices.id),
    corporateName: text().notNull(),
    cnpj: text().notNull(),
    registrationNumber: text(),
    appointmentDate: date().notNull(),
    executedAt: timestamp({ withTimezone: true }),
    paid: flag("N"),
    paidAt: timestamp({ withTimezone: true }),
    payout: money(),
    plate: text().notNull(),
    memberName: text().notNull(),
    serviceName: text().notNull(),
    appointmentStatus: flag("C"),
    osNumber: integer().notNull(),
    code: text().notNull(),
    statementType: text().notNull().default("Mensal"),
    commissionType: text().notNull().default("Básica"),
    description: text().notNull().default("Comissao Basica Serviço - V1"),
    bankAccountId: uuid(),
    /** The bank/PIX data the payout was paid to, as it was when the central registered the payment. */
    paidTo: jsonb(),
    paymentReceipt: text(),
    /** The batch that paid it last (kept after an undo: the batch row says it was undone; a new payment replaces it). */
    batchId: uuid().references(() => paymentBatches.id),
    /**
     * The payment run that holds it (issue 49): set by the run's draft only where it is null and the payout pending, cleared
     * when the run is cancelled or the bank rejects its transfer; kept once the bank paid it. No two runs can take one payout.
     */
    runId: uuid().references((): AnyPgColumn => paymentRuns.id),
    transferId: uuid().references((): AnyPgColumn => paymentTransfers.id),
    /** Why the bank rejected its last transfer (it is payable again); cleared when it is paid. */
    rejectionReason: text(),
  },
  (t) => [
    index("payout_statements_point_idx").on(t.servicePointId),
    index("payout_statements_batch_idx").on(t.batchId),
    index("payout_statements_run_idx").on(t.runId),
  ],
);

/** The payouts the central paid together: the bank's transfer id, an optional proof file, who paid and who undid it. */
export const paymentBatches = pgTable(
  "payment_batches",
  {
    id: id(),
    reference: text().notNull(),
    paymentDate: date().notNull(),
    payoutCount: integer().notNull(),
    total: money().notNull(),
    proofFile: text(),
    proofOriginalName: text(),
    proofMimeType: text(),
    paidBy: uuid()
      .notNull()
      .references(() => centralUsers.id),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: uuid().references(() => centralUsers.id),
  },
  (t) => [
    index("payment_batches_paid_at_idx").on(t.paidAt),
    check("payment_batches_reference_check", sql`length(btrim(${t.reference})) > 0`),
    check("payment_batches_undone_check", sql`(${t.undoneAt} is null) = (${t.undoneBy} is null)`),
  ],
);

export const serviceReturns = pgTable(
  "service_returns",
  {
    id: id(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id),
    motivationId: integer().references(() => motivations.id),
    statementId: uuid().references(() => payoutStatements.id),
    kind: text().notNull(),
    description: text().notNull(),
    photos: text(),
    videos: text(),
    status: text().notNull().default("A"),
    statusReason: text(),
    createdAt: createdAt(),
    /** Who asked for it (issue 39): the point ("ponto") or the member through the follow link ("socio"). */
    origin: text().notNull().default("ponto"),
    /** The linked service the member reported (a member's return names one). */
    executionServiceId: uuid().references(() => executionServices.id, { onDelete: "set null" }),
  },
  (t) => [
    check("service_returns_origin_check", sql`${t.origin} in ('ponto', 'socio')`),
    // One open member return per service, whatever races: a second report waits until the point concludes the first.
    uniqueIndex("service_returns_member_open_idx")
      .on(t.executionServiceId)
      .where(sql`${t.origin} = 'socio' and ${t.status} <> 'C'`),
  ],
);

export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: id(),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    pixKeyType: text(),
    pixKey: text(),
    bank: text(),
    agency: text(),
    account: text(),
    accountType: text(),
    holderName: text().notNull(),
    holderDocument: text().notNull(),
    selected: flag("N"),
    createdAt: createdAt(),
  },
  // One account receives the point's payouts: two selected ones would leave the payment to chance.
  (t) => [
    uniqueIndex("bank_accounts_selected_idx")
      .on(t.servicePointId)
      .where(sql`${t.selected} = 'S'`),
  ],
);

export const invitations = pgTable("invitations", {
  id: id(),
  servicePointId: uuid()
    .notNull()
    .references(() => servicePoints.id),
  userId: uuid().references(() => pointUsers.id),
  phone: text().notNull(),
  plate: text().notNull(),
  createdAt: createdAt(),
});

/**
 * What the point's users are told (GET /notificacoes, Web Push): the central's decisions and payments, a return registered by
 * a colleague. Written in the transaction of the change; kept 90 days (server/services/notification-purge.ts). The spec's own
 * side-effect rows (kind "reagendamento", "cancelamento") live here too and are not listed.
 */
export const pointNotifications = pgTable(
  "point_notifications",
  {
    id: id(),
    /** Insertion order: the inbox's order and its page cursor (rows of one transaction share created_at). */
    seq: bigserial({ mode: "number" }).notNull(),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    /** aprovado | recusado | decisao-desfeita | pago | pagamento-desfeito | retorno | retido | liberado | avaliacao (listed); reagendamento | cancelamento (not listed). */
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** The central's refusal note, a return's status reason. */
    reason: text(),
    /** Who did it, as named when it was done (a central user, a point user). */
    actorName: text(),
    /** The point's user who did it: the others are told, not them. */
    actorUserId: uuid().references(() => pointUsers.id),
    appointmentId: uuid().references(() => appointments.id, { onDelete: "set null" }),
    osNumber: integer(),
    createdAt: createdAt(),
  },
  (t) => [index("point_notifications_point_seq_idx").on(t.servicePointId, t.seq), index("point_notifications_created_idx").on(t.createdAt)],
);

/** Read state per user: a row once the user read (opened, clicked or marked) the notification. */
export const notificationReads = pgTable(
  "notification_reads",
  {
    notificationId: uuid()
      .notNull()
      .references(() => pointNotifications.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => pointUsers.id),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/** A device's Web Push subscription, owned by the user who made it (an endpoint subscribed again by another user moves to them). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => pointUsers.id),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    /** The session that subscribed: signing out (or the session's expiry and purge) ends the device's pushes with it. */
    sessionId: integer()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt each payload for it. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_point_idx").on(t.servicePointId)],
);

/** Keys the server made for itself once, shared by every instance (the VAPID pair when the environment sets none). */
export const serverKeys = pgTable("server_keys", {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: createdAt(),
});

export const storedFiles = pgTable("stored_files", {
  id: id(),
  servicePointId: uuid()
    .notNull()
    .references(() => servicePoints.id),
  storedName: text().notNull().unique(),
  originalName: text().notNull(),
  mimeType: text().notNull(),
  size: integer().notNull(),
  /** The resumable (tus) upload this file came from: completing the same upload twice, on any instance, gives this one row. */
  uploadId: text().unique(),
  createdAt: createdAt(),
  // Issue 39 (migration 0013): what the server verified on arrival and what the phone claimed; null on files stored before.
  /** Hex SHA-256 of the stored bytes, computed by the server (and equal to the phone's when it declared one). */
  sha256: text(),
  /** Hex SHA-256 the phone declared for the file before compressing it (the stored one when it declared none). */
  sha256Original: text(),
  /** When the device says it captured the file (its claim, kept only within sane bounds). */
  capturedAt: timestamp({ withTimezone: true }),
  /** The point user whose token sent it. */
  uploadedBy: uuid().references(() => pointUsers.id),
  /** The plate the phone's reader saw in an initial video (normalised, no hyphen); null when it read none. */
  videoPlate: text(),
  /** The phone's reader looked at the video for a plate. */
  videoPlateChecked: boolean().notNull().default(false),
  /** The attendant confirmed the video although its plate differs from the order's. */
  videoPlateConfirmed: boolean().notNull().default(false),
});

/**
 * Who is writing to a resumable upload right now: one PATCH at a time per upload across every instance (tus needs a lock
 * shared by all of them). A holder renews its lease while it writes; a lease that ran out is free to take; a waiter sets
 * release_requested, and the holder (a request whose client went away) lets go.
 */
export const uploadLocks = pgTable("upload_locks", {
  uploadId: text().primaryKey(),
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  releaseRequested: boolean().notNull().default(false),
});

/**
 * The agenda list's change counter, one row per service point plus one (the nil uuid) for shared reference data (members, vehicles,
 * services, motivations, users). Triggers (migration 0002) bump it in the writing transaction, so the list's ETag never needs the list.
 */
export const agendaVersions = pgTable("agenda_versions", {
  scope: uuid().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * Rate-limit windows shared by every server instance (login attempts per client address): one row per key, its hit count and
 * when its window ends. Written only by server/lib/rate-limit-store.ts.
 */
export const rateLimitWindows = pgTable("rate_limit_windows", {
  key: text().primaryKey(),
  hits: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The record of changes to accounts and payment data (bank/PIX data, registration, team, the central's confirmations): who,
 * when, what, each field's value before and after (masked where sensitive). Written in the transaction of the change
 * (server/services/audit.ts); read by the point's administrators (their point) and the central (all) through /auditoria.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The point the change concerns; null for a change of no point (the central's own staff). */
    servicePointId: uuid().references(() => servicePoints.id),
    /** "ponto" (a point's user), "central" (the program's staff) or "sistema". */
    actorKind: text().notNull(),
    actorId: uuid(),
    /** The actor's name when the change was made (kept if the account is renamed). */
    actorName: text().notNull(),
    /** "dado_bancario", "dados_cadastrais", "usuario", "dados_pagamento". */
    entity: text().notNull(),
    entityId: text(),
    action: text().notNull(),
    /** One pt-BR line that says what happened ("Chave PIX alterada", "Link de acesso gerado para Ana"). */
    summary: text().notNull(),
    /** [{ campo, antes, depois }] with masked values where sensitive. */
    changes: jsonb().notNull().default([]),
  },
  (t) => [index("audit_log_point_at_idx").on(t.servicePointId, t.at), index("audit_log_at_idx").on(t.at)],
);

/**
 * Resumable uploads not finished yet, per point: what the upload quota counts (how many, how many bytes declared). A row
 * is written when an upload is created, under the point's lock, and removed when it completes, is refused or expires.
 */
export const pendingUploads = pgTable(
  "pending_uploads",
  {
    uploadId: text().primaryKey(),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    size: bigint({ mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pending_uploads_point_idx").on(t.servicePointId)],
);

// --- issue 39: evidence chain (migration 0013) ---

/**
 * Each order's evidence chain: one row per file attached to it (kind as in src/domain/evidence-chain.ts), in order, each
 * holding its predecessor's hash. Rows are only ever added (server/services/evidence-chain.ts, under the order's lock); the
 * same file attached twice as the same kind (an outbox replay) adds none.
 */
export const evidenceChain = pgTable(
  "evidence_chain",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id),
    seq: integer().notNull(),
    kind: text().notNull(),
    storedFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    fileSha256: text().notNull(),
    /** "" when the phone declared no pre-compression hash and none was recorded. */
    fileSha256Original: text().notNull(),
    arrivedAt: timestamp({ withTimezone: true }).notNull(),
    capturedAt: timestamp({ withTimezone: true }),
    uploadedBy: uuid(),
    prevHash: text().notNull(),
    entryHash: text().notNull(),
  },
  (t) => [
    uniqueIndex("evidence_chain_seq_idx").on(t.appointmentId, t.seq),
    uniqueIndex("evidence_chain_file_idx").on(t.appointmentId, t.storedFileId, t.kind),
    check(
      "evidence_chain_kind_check",
      sql`${t.kind} in ('video-inicial', 'video-final', 'foto', 'foto-servico', 'video-servico', 'laudo', 'recibo', 'foto-vistoria', 'vistoria', 'confirmacao-vistoria')`,
    ),
  ],
);

/** The server's Ed25519 signature over an ended order's chain head (sealText), made once when the order ends. */
export const evidenceSeals = pgTable("evidence_seals", {
  appointmentId: uuid()
    .primaryKey()
    .references(() => appointments.id),
  entryCount: integer().notNull(),
  headHash: text().notNull(),
  /** Base64. */
  signature: text().notNull(),
  signedAt: timestamp({ withTimezone: true }).notNull(),
});

// --- issue 39: member follow links (migration 0014) ---

/**
 * An order's member follow link (/acompanhar#<token>): only the SHA-256 of the random token is kept. An order has at most one
 * live link (revokedAt null): making a new one revokes the old in the same transaction, under the order's row lock.
 */
export const followLinks = pgTable(
  "follow_links",
  {
    id: id(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id),
    tokenHash: text().notNull().unique(),
    /** The point user who made it. */
    createdBy: uuid().references(() => pointUsers.id),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The member's page last read the order through it. */
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("follow_links_live_idx")
      .on(t.appointmentId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

// --- issue 49: payment runs (migration 0015) ---

/**
 * A paying account of the program: the bank that receives the remessa, its agreement, the company's data and address, the
 * layout the bank reads, and the file sequence (NSA): taking the next one is an UPDATE of this row, so two clerks generating
 * at once wait for each other, and (profile, nsa) is unique on payment_runs besides.
 */
export const bankProfiles = pgTable(
  "bank_profiles",
  {
    id: id(),
    label: text().notNull().unique(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    layout: text().notNull().default("febraban"),
    agreement: text().notNull(),
    agency: text().notNull(),
    agencyDigit: text().notNull().default(""),
    account: text().notNull(),
    accountDigit: text().notNull().default(""),
    companyName: text().notNull(),
    cnpj: text().notNull(),
    street: text().notNull(),
    number: text().notNull().default(""),
    complement: text().notNull().default(""),
    city: text().notNull(),
    zip: text().notNull(),
    state: text().notNull(),
    /** Caixa (104) only: the agreement's "código do compromisso" (up to 4 digits) and "parâmetro de transmissão" (2). */
    commitmentCode: text().notNull().default(""),
    transmissionParameter: text().notNull().default(""),
    lastNsa: integer().notNull().default(0),
    createdBy: uuid().references(() => centralUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("bank_profiles_code_check", sql`${t.bankCode} ~ '^[0-9]{3}$'`),
    check("bank_profiles_layout_check", sql`${t.layout} in ('febraban', '001', '341', '237', '033', '104')`),
    check("bank_profiles_nsa_check", sql`${t.lastNsa} between 0 and 999999`),
  ],
);

/**
 * A payment run: rascunho -> arquivo_gerado (its NSA, by whom, when) -> enviado -> retorno_importado, or cancelada with a
 * reason (only before it is sent). Its payouts point at it (payout_statements.run_id) from the draft until the bank decides.
 */
export const paymentRuns = pgTable(
  "payment_runs",
  {
    id: id(),
    number: serial().notNull().unique(),
    bankProfileId: uuid()
      .notNull()
      .references(() => bankProfiles.id),
    status: text().notNull().default("rascunho"),
    paymentDate: date().notNull(),
    nsa: integer(),
    createdBy: uuid()
      .notNull()
      .references(() => centralUsers.id),
    createdAt: createdAt(),
    generatedBy: uuid().references(() => centralUsers.id),
    generatedAt: timestamp({ withTimezone: true }),
    sentBy: uuid().references(() => centralUsers.id),
    sentAt: timestamp({ withTimezone: true }),
    returnImportedAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => centralUsers.id),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
  },
  (t) => [
    uniqueIndex("payment_runs_nsa_idx").on(t.bankProfileId, t.nsa),
    check("payment_runs_status_check", sql`${t.status} in ('rascunho', 'arquivo_gerado', 'enviado', 'retorno_importado', 'cancelada')`),
    // From its file on, a run has its NSA and who generated it; a cancelled one has its reason.
    check(
      "payment_runs_generated_check",
      sql`${t.status} in ('rascunho', 'cancelada') or (${t.nsa} is not null and ${t.generatedAt} is not null and ${t.generatedBy} is not null)`,
    ),
    check(
      "payment_runs_cancel_check",
      sql`(${t.status} = 'cancelada') = (${t.cancelledAt} is not null and length(btrim(coalesce(${t.cancelReason}, ''))) > 0)`,
    ),
  ],
);

/**
 * One transfer of a run: a point's payouts summed, to its payee as recorded at the file's generation (at the draft until
 * then); the bank's answer from its return file. "Seu número" is unique across runs, so a return file names one transfer.
 */
export const paymentTransfers = pgTable(
  "payment_transfers",
  {
    id: id(),
    runId: uuid()
      .notNull()
      .references(() => paymentRuns.id),
    seq: integer().notNull(),
    yourNumber: text().notNull().unique(),
    servicePointId: uuid()
      .notNull()
      .references(() => servicePoints.id),
    amount: money().notNull(),
    payee: jsonb().notNull(),
    status: text().notNull().default("pendente"),
    bankNumber: text(),
    occurrences: text(),
    reason: text(),
    effectiveDate: date(),
    decidedAt: timestamp({ withTimezone: true }),
    /** The run's file this transfer travels in (payment_run_files.part), set when the files are generated (migration 0017). */
    filePart: integer(),
    proofFile: text(),
    proofOriginalName: text(),
    proofMimeType: text(),
  },
  (t) => [
    uniqueIndex("payment_transfers_point_idx").on(t.runId, t.servicePointId),
    uniqueIndex("payment_transfers_seq_idx").on(t.runId, t.seq),
    check("payment_transfers_status_check", sql`${t.status} in ('pendente', 'pago', 'rejeitado')`),
    check("payment_transfers_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * A run's files (migration 0017): one, or two where the layout takes PIX in a file of its own (Itaú SISPAG, Bradesco
 * Multipag: kind 'pix' and 'conta'). Each has its own NSA of the paying account, unique per account like the run's first.
 * Caixa's numeric "seu número" comes from the sequence payment_transfer_caixa_numbers (1-999999).
 */
export const paymentRunFiles = pgTable(
  "payment_run_files",
  {
    runId: uuid()
      .notNull()
      .references(() => paymentRuns.id),
    part: integer().notNull(),
    bankProfileId: uuid()
      .notNull()
      .references(() => bankProfiles.id),
    nsa: integer().notNull(),
    kind: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.part] }),
    uniqueIndex("payment_run_files_nsa_idx").on(t.bankProfileId, t.nsa),
    check("payment_run_files_part_check", sql`${t.part} between 1 and 2`),
    check("payment_run_files_kind_check", sql`${t.kind} in ('todas', 'pix', 'conta')`),
  ],
);

// --- issue 53: vehicle inspections (migration 0018) ---

/** The program's checklists (carro, suv, moto): one row per item, kept by the central; an item taken out stays, inactive. */
export const inspectionChecklistItems = pgTable(
  "inspection_checklist_items",
  {
    /** Names the item in the central's record of changes (central_actions.entity_id). */
    id: uuid()
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    checklist: text().notNull(),
    itemKey: text().notNull(),
    label: text().notNull(),
    position: integer().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.checklist, t.itemKey] }),
    check("inspection_checklist_items_checklist_check", sql`${t.checklist} in ('carro', 'suv', 'moto')`),
  ],
);

/**
 * An order's inspection: at most one of each kind per order (the unique index, whatever two phones send at once). Written
 * while open; concluding it hashes its content into the order's evidence chain (contentFileId) and freezes it.
 */
export const inspections = pgTable(
  "inspections",
  {
    id: id(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id),
    kind: text().notNull(),
    checklist: text().notNull(),
    km: integer(),
    /** The km the reader proposed from the dashboard photo (kept beside the km the attendant confirmed). */
    kmRead: integer(),
    fuel: text(),
    /** The dashboard photo's stored name. */
    dashboardPhoto: text(),
    createdBy: uuid().references(() => pointUsers.id),
    createdAt: createdAt(),
    completedBy: uuid().references(() => pointUsers.id),
    completedAt: timestamp({ withTimezone: true }),
    /** The concluded content (inspectionContentText) as a stored file, chained as the 'vistoria' entry. */
    contentFileId: uuid().references(() => storedFiles.id),
    /** The member's acknowledgement on the follow link: the name they typed and when, once. */
    memberAckName: text(),
    memberAckAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("inspections_order_kind_idx").on(t.appointmentId, t.kind),
    check("inspections_kind_check", sql`${t.kind} in ('entrada', 'saida')`),
    check("inspections_checklist_check", sql`${t.checklist} in ('carro', 'suv', 'moto')`),
    check("inspections_fuel_check", sql`${t.fuel} is null or ${t.fuel} in ('E', '1/4', '1/2', '3/4', 'F')`),
    check("inspections_km_check", sql`${t.km} is null or ${t.km} between 0 and 999999`),
    check("inspections_ack_check", sql`(${t.memberAckAt} is null) = (${t.memberAckName} is null)`),
  ],
);

/** An item's status and note: the program's items (label copied when first written) and the attendant's free ones. */
export const inspectionItems = pgTable(
  "inspection_items",
  {
    inspectionId: uuid()
      .notNull()
      .references(() => inspections.id),
    itemKey: text().notNull(),
    label: text().notNull(),
    status: text(),
    note: text().notNull().default(""),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.inspectionId, t.itemKey] }),
    check("inspection_items_status_check", sql`${t.status} is null or ${t.status} in ('ok', 'atencao', 'critico')`),
  ],
);

/** A damage mark on the vehicle's outline: the phone's id (an outbox replay adds it once), its number, where, a note. */
export const inspectionMarks = pgTable(
  "inspection_marks",
  {
    id: uuid().primaryKey(),
    inspectionId: uuid()
      .notNull()
      .references(() => inspections.id),
    number: integer().notNull(),
    view: text().notNull(),
    x: numeric({ precision: 5, scale: 4, mode: "number" }).notNull(),
    y: numeric({ precision: 5, scale: 4, mode: "number" }).notNull(),
    note: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("inspection_marks_number_idx").on(t.inspectionId, t.number),
    check("inspection_marks_view_check", sql`${t.view} in ('topo', 'esquerda', 'direita', 'frente', 'traseira')`),
    check("inspection_marks_xy_check", sql`${t.x} between 0 and 1 and ${t.y} between 0 and 1`),
  ],
);

/** A photo of an item or a mark (each also a 'foto-vistoria' entry of the order's chain); a file is attached once. */
export const inspectionPhotos = pgTable(
  "inspection_photos",
  {
    inspectionId: uuid()
      .notNull()
      .references(() => inspections.id),
    storedFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    itemKey: text(),
    markId: uuid().references(() => inspectionMarks.id),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inspectionId, t.storedFileId] }),
    check("inspection_photos_target_check", sql`(${t.itemKey} is null) <> (${t.markId} is null)`),
  ],
);
