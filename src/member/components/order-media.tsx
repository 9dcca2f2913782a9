// The order's initial and final videos and its photos, through their signed short-lived addresses (main thread).
import type { MemberView } from "../../../contract/acompanhamento";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { EvidenceVideo } from "../../components/media/evidence-video";

export function OrderMedia({ view }: { view: MemberView }) {
  const videos = [
    [MEMBER_MSG.initialVideo, view.videoInicial],
    [MEMBER_MSG.finalVideo, view.videoFinal],
  ] as const;
  const none = !view.videoInicial && !view.videoFinal && view.fotos.length === 0;
  return (
    <section className="m-card" aria-labelledby="m-media">
      <h2 id="m-media">{MEMBER_MSG.media}</h2>
      {none && <p className="m-muted">{MEMBER_MSG.noMedia}</p>}
      {videos.map(
        ([label, src]) =>
          src && (
            <figure key={label} className="m-figure">
              <EvidenceVideo className="m-video" src={src} label={label} />
              <figcaption>{label}</figcaption>
            </figure>
          ),
      )}
      {view.fotos.length > 0 && (
        <>
          <h3>{MEMBER_MSG.photos}</h3>
          <ul className="m-photos">
            {view.fotos.map((src, i) => (
              <li key={src}>
                <img src={src} alt={MEMBER_MSG.photo(i + 1)} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
