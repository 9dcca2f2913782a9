// Scanner de Placas (/scan): rear camera with a guide frame, plate recognition every second (the plate found anywhere in the
// frame), a plate read offered at once as a one-tap choice (a booked one first, as the primary button), advice on a real cause
// after 3 s without a lock, a pause after 60 s ('Toque para continuar lendo'), 'Digitar placa', and the lookup flows —
// appointment -> OS screen, member -> vehicle data and 'Novo Agendamento', not a member -> invite (main thread).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { SCANNER_MSG } from "../../../config/messages/scanner.pt-BR";
import { PATHS } from "../../../config/paths";
import { displayPlate, formatLabel, plateFormat, type PlateCandidate } from "../../../domain/plate";
import { plateSet } from "../../../domain/plate-match";
import type { ScanAdvice } from "../../../domain/plate-lock";
import { isoToBr, wallClock } from "../../../domain/dates";
import type { PlateLookup } from "../../../lib/plate-lookup";
import { vehicleOf, type ChosenVehicle } from "../../../lib/chosen-vehicle";
import { plateChoices, type PlateChoice } from "../choices";
import { expectedPlatesQuery, plateLookupQuery, type ExpectedPlate } from "../query-options";
import { usePlateCamera } from "../use-plate-camera";
import { InviteModal } from "./invite-modal";
import { ManualPlateForm } from "./manual-plate-form";
import { VehicleModal } from "./vehicle-modal";

/** Spec timers: redirect after an appointment is found, vehicle modal delay. */
export const REDIRECT_DELAY_MS = 1_500;
export const VEHICLE_MODAL_DELAY_MS = 500;

interface Props {
  pointId: string;
  /** The agenda's 'Novo Agendamento' with the vehicle chosen, composed in src/app (features do not import each other). */
  renderNewAppointment?: (vehicle: ChosenVehicle, onClose: () => void) => ReactNode;
  /** Reading this long without a lock pauses the scanner (use-plate-camera.ts PAUSE_AFTER_MS). */
  pauseAfterMs?: number;
}

type Phase =
  | { kind: "scanning" }
  | { kind: "searching"; plate: string }
  | { kind: "found"; plate: string }
  | { kind: "redirecting"; plate: string }
  | { kind: "failed"; plate: string; message: string };
type OpenModal = { kind: "vehicle"; found: PlateLookup } | { kind: "invite"; plate: string } | { kind: "new"; found: PlateLookup } | null;

const subscribeVisibility = (cb: () => void) => {
  document.addEventListener("visibilitychange", cb);
  return () => document.removeEventListener("visibilitychange", cb);
};
const useTabVisible = () => useSyncExternalStore(subscribeVisibility, () => document.visibilityState === "visible");
/** One empty list while the expected plates load or fail, so the booked set is not rebuilt on every render. */
const NO_PLATES: ExpectedPlate[] = [];

/** What the scanner offers: the plates seen; once it has looked for HELP_AFTER_MS without a lock (settled), what to change. */
interface Help {
  seen: PlateCandidate[];
  advice: ScanAdvice | null;
  settled: boolean;
}

function ChoiceLabel({ choice }: { choice: PlateChoice }) {
  const e = choice.expected;
  const when = e ? (e.date === wallClock().date ? SCANNER_MSG.scanner.bookedToday : SCANNER_MSG.scanner.bookedOn(isoToBr(e.date))) : "";
  return (
    <>
      <span className="scanner-choice-plate">{displayPlate(choice.plate)}</span>
      {e && (
        <span className="scanner-choice-member">
          {e.name} · {when}
        </span>
      )}
    </>
  );
}

export default function ScannerPage({ pointId, renderNewAppointment, pauseAfterMs }: Props) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const visible = useTabVisible();
  const expected = useQuery(expectedPlatesQuery(pointId)).data ?? NO_PLATES;
  const [phase, setPhase] = useState<Phase>({ kind: "scanning" });
  const [modal, setModal] = useState<OpenModal>(null);
  // After HELP_AFTER_MS without a lock: advice, and the plates seen most as one-tap choices beside 'Digitar placa'.
  const [help, setHelp] = useState<Help | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const guideRef = useRef<HTMLDivElement>(null);
  // Each lookup gets a number; a newer lookup, Tentar Novamente or leaving the page makes an older one's results void.
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      run.current++;
      clearTimeout(timer.current);
    },
    [],
  );

  // One plate is looked up: the locked one, a tapped choice or a typed one. The original system went on to its runner-up
  // candidates when the first was not found, which opened another member's order on a misread; here a miss is a miss.
  const lookup = useCallback(
    async (plate: string) => {
      const mine = ++run.current;
      clearTimeout(timer.current);
      setModal(null);
      setHelp(null);
      setPhase({ kind: "searching", plate });
      let found: PlateLookup | null;
      try {
        found = await client.fetchQuery(plateLookupQuery(pointId, plate));
      } catch (err) {
        if (run.current === mine) setPhase({ kind: "failed", plate, message: (err as Error).message || SCANNER_MSG.scanner.lookupFailed });
        return;
      }
      if (run.current !== mine) return;
      if (found?.IdSocioVeiculoAgenda) {
        const id = found.IdSocioVeiculoAgenda;
        setPhase({ kind: "redirecting", plate });
        timer.current = setTimeout(() => navigate(PATHS.order(id)), REDIRECT_DELAY_MS);
      } else if (found) {
        const member = found;
        setPhase({ kind: "found", plate });
        timer.current = setTimeout(() => setModal({ kind: "vehicle", found: member }), VEHICLE_MODAL_DELAY_MS);
      } else {
        // Not a member: scanning stops and the camera closes until the invite is sent or closed.
        setPhase({ kind: "found", plate });
        setModal({ kind: "invite", plate });
      }
    },
    [client, pointId, navigate],
  );

  const booked = useMemo(() => plateSet(expected.map((e) => e.plate)), [expected]);
  const onPlate = useCallback(
    (c: PlateCandidate) => {
      void lookup(c.plate);
    },
    [lookup],
  );

  const onSuggestions = useCallback((plates: PlateCandidate[], advice: ScanAdvice | null, settled: boolean) => {
    setHelp((prev) => {
      // Plates once offered stay while the attendant aims again (a frame that saw nothing does not take them away).
      const seen = plates.length ? plates : (prev?.seen ?? []);
      const same =
        prev &&
        prev.advice === advice &&
        prev.settled === settled &&
        prev.seen.map((p) => p.plate).join() === seen.map((p) => p.plate).join();
      return same ? prev : { seen, advice, settled };
    });
  }, []);
  const choices = useMemo(() => plateChoices(help?.seen ?? [], expected), [help, expected]);

  const restart = useCallback(() => {
    run.current++;
    clearTimeout(timer.current);
    setModal(null);
    setHelp(null);
    setPhase({ kind: "scanning" });
  }, []);

  const on = visible && modal?.kind !== "invite";
  const scanning = phase.kind === "scanning" && modal === null;
  const { camera, engineReady, ocrFailed, torch, toggleTorch, retry, paused, resume, seeing } = usePlateCamera({
    on,
    scanning,
    onPlate,
    onSuggestions,
    videoRef,
    guideRef,
    booked,
    pauseAfterMs,
  });

  const shownPlate = phase.kind === "scanning" ? null : phase.plate;
  const format = shownPlate ? plateFormat(shownPlate) : null;
  const busy = phase.kind === "searching" || phase.kind === "redirecting";
  // What is true now: the reader loading, reading a plate it sees, asking to confirm one it is unsure of, a cause to change.
  const readingStatus = () =>
    help?.advice
      ? SCANNER_MSG.scanner.advice[help.advice]
      : choices.length > 0
        ? help?.settled
          ? SCANNER_MSG.scanner.confirmBelow
          : SCANNER_MSG.scanner.reading
        : seeing
          ? SCANNER_MSG.scanner.reading
          : SCANNER_MSG.scanner.scanning;
  const status =
    phase.kind === "redirecting"
      ? SCANNER_MSG.scanner.appointmentFound
      : phase.kind === "searching"
        ? SCANNER_MSG.scanner.searching
        : phase.kind === "failed"
          ? "" // shown as an alert below
          : phase.kind === "scanning" && paused
            ? SCANNER_MSG.scanner.paused
            : phase.kind === "scanning" && camera.kind === "ready"
              ? ocrFailed
                ? SCANNER_MSG.scanner.ocrFailed
                : engineReady
                  ? readingStatus()
                  : SCANNER_MSG.scanner.loadingReader
              : "";
  // The booked plate among the choices is the obvious action (the first one booked, as the primary button).
  const primary = choices.find((c) => c.expected)?.plate;

  return (
    <section className="page scanner-page">
      <h1 className="page-title">{SCANNER_MSG.scanner.title}</h1>
      {camera.kind === "error" && on ? (
        <div className="scanner-camera-error" role="alert">
          <h2>{SCANNER_MSG.scanner.problem}</h2>
          <p>{camera.message}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            {SCANNER_MSG.scanner.retry}
          </button>
        </div>
      ) : (
        <div className="scanner-view">
          <video ref={videoRef} className="scanner-video" muted playsInline autoPlay aria-label={SCANNER_MSG.scanner.preview} />
          <div ref={guideRef} className="scanner-guide" aria-hidden="true" />
          {camera.kind === "checking" && on && !paused && (
            <p className="scanner-overlay-note" role="status">
              {SCANNER_MSG.scanner.opening}
            </p>
          )}
          {paused && (
            <button type="button" className="btn btn-primary scanner-resume" onClick={resume}>
              {SCANNER_MSG.scanner.resume}
            </button>
          )}
          {torch.supported && (
            <button type="button" className="btn scanner-torch" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
              {torch.on ? SCANNER_MSG.scanner.torchOff : SCANNER_MSG.scanner.torchOn}
            </button>
          )}
        </div>
      )}
      <div className="scanner-result">
        {shownPlate && format && (
          <p className="scanner-plate">{SCANNER_MSG.scanner.plateFound(displayPlate(shownPlate), formatLabel(format))}</p>
        )}
        <p className={phase.kind === "redirecting" ? "scanner-status scanner-status-ok" : "scanner-status muted"} role="status">
          {status}
        </p>
        {phase.kind === "failed" && (
          <p className="form-error" role="alert">
            {phase.message}
          </p>
        )}
        {shownPlate && !busy && (
          <button type="button" className="btn" onClick={restart}>
            {SCANNER_MSG.scanner.retry}
          </button>
        )}
      </div>
      {phase.kind === "scanning" && choices.length > 0 && (
        <section className="scanner-confirm" aria-labelledby="scanner-confirm-title">
          <h2 id="scanner-confirm-title" className="scanner-confirm-title">
            {SCANNER_MSG.scanner.confirmPlate}
          </h2>
          <p className="muted">{SCANNER_MSG.scanner.confirmHint}</p>
          <div className="scanner-confirm-choices">
            {choices.map((choice) => (
              <button
                key={choice.plate}
                type="button"
                className={choice.plate === primary ? "btn btn-primary scanner-choice" : "btn scanner-choice"}
                onClick={() => void lookup(choice.plate)}
              >
                <ChoiceLabel choice={choice} />
              </button>
            ))}
          </div>
        </section>
      )}
      <ManualPlateForm busy={busy} onSubmit={(plate) => void lookup(plate)} />
      {modal?.kind === "vehicle" && (
        <VehicleModal
          found={modal.found}
          onClose={() => setModal(null)}
          onNewAppointment={renderNewAppointment ? () => setModal({ kind: "new", found: modal.found }) : undefined}
        />
      )}
      {modal?.kind === "new" && renderNewAppointment?.(vehicleOf(modal.found), () => setModal(null))}
      {modal?.kind === "invite" && <InviteModal plate={modal.plate} onClose={restart} onSent={restart} />}
    </section>
  );
}
