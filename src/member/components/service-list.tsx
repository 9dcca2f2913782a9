// The order's services with their approval status, warranty and their own video and photos (main thread).
import { EvidenceVideo } from "../../components/media/evidence-video";
import type { MemberService } from "../../../contract/acompanhamento";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { dayText } from "../format";

export function ServiceList({ services }: { services: MemberService[] }) {
  return (
    <section className="m-card" aria-labelledby="m-services">
      <h2 id="m-services">{MEMBER_MSG.services}</h2>
      {services.length === 0 ? (
        <p className="m-muted">{MEMBER_MSG.noServices}</p>
      ) : (
        <ul className="m-services">
          {services.map((s) => (
            <li key={s.id} className="m-service">
              <h3>{s.descricao}</h3>
              <p className={`m-badge is-${s.situacao}`}>{MEMBER_MSG.serviceStatus[s.situacao]}</p>
              {s.garantiaAte && <p className="m-muted">{MEMBER_MSG.warrantyUntil(dayText(s.garantiaAte))}</p>}
              {s.video && (
                // The address is short-lived and signed: 'metadata' asks for the first bytes only until the member plays it.
                <EvidenceVideo className="m-video" src={s.video} label={MEMBER_MSG.serviceVideo(s.descricao)} />
              )}
              {s.fotos.length > 0 && (
                <ul className="m-photos">
                  {s.fotos.map((src, i) => (
                    <li key={src}>
                      <img src={src} alt={MEMBER_MSG.servicePhoto(s.descricao, i + 1)} loading="lazy" decoding="async" />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
