// What the initial video's plate check shows beside the video picker (issue 39): its progress, its outcome in one line, and the
// question when the plate read differs from the order's ('Sim, é deste veículo' / 'Escolher outro vídeo') (main thread).
import { VIDEO_PLATE_MSG } from "../../config/messages/video-plate.pt-BR";
import { displayPlate } from "../../domain/plate";
import type { VideoPlateState } from "../../lib/capture/use-video-plate-check";
import { Modal } from "../ui/modal";

interface Props {
  state: VideoPlateState;
  orderPlate: string;
  onConfirm: () => void;
  /** Back to choosing: the caller removes the video. */
  onChooseAnother: () => void;
}

export function VideoPlateCheck({ state, orderPlate, onConfirm, onChooseAnother }: Props) {
  const t = VIDEO_PLATE_MSG;
  const line =
    state.kind === "checking"
      ? t.checking(state.done, state.total)
      : state.kind === "done" && state.check === "confere"
        ? t.matches
        : state.kind === "done" && state.outcome.confirmed && state.outcome.read
          ? t.confirmed(state.outcome.read)
          : "";
  return (
    <>
      <p className="muted video-plate-status" role="status">
        {line}
      </p>
      {state.kind === "differs" && (
        // Closing it (Escape, back) is the safe answer: the video is not taken as this vehicle's.
        <Modal
          open
          title={t.differsTitle}
          onClose={onChooseAnother}
          footer={
            <>
              <button type="button" className="btn" onClick={onChooseAnother}>
                {t.another}
              </button>
              <button type="button" className="btn btn-primary" onClick={onConfirm}>
                {t.yes}
              </button>
            </>
          }
        >
          <p>{t.differs(state.read, displayPlate(orderPlate))}</p>
        </Modal>
      )}
    </>
  );
}
