// The order's steps as the member follows them (agendado -> iniciado -> serviços -> concluído), with their times (main thread).
import type { MemberView } from "../../../contract/acompanhamento";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { dateTime } from "../format";

export function OrderTimeline({ steps }: { steps: MemberView["linhaDoTempo"] }) {
  // The current step: the last one that happened (a step without a time has not happened yet).
  const current = steps.reduce((last, s, i) => (s.em ? i : last), -1);
  return (
    <section className="m-card" aria-labelledby="m-timeline">
      <h2 id="m-timeline">{MEMBER_MSG.timeline}</h2>
      <ol className="m-timeline">
        {steps.map((step, i) => {
          const when = dateTime(step.em);
          return (
            <li
              key={`${step.etapa}-${i}`}
              className={when ? "m-step is-done" : "m-step"}
              data-step={step.etapa}
              aria-current={i === current ? "step" : undefined}
            >
              <span className="m-step-dot" aria-hidden="true" />
              <span className="sr-only">{when ? MEMBER_MSG.stepDone : MEMBER_MSG.stepPending}: </span>
              <span className="m-step-title">{step.titulo}</span>
              {when && <time dateTime={step.em!}>{when}</time>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
