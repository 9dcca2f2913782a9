// 'Verificar evidências' on the member's page: the verifier (src/components/evidence/verify-evidence.tsx, shared with the OS
// screen and the central, with its own button) is loaded when its section nears the screen, so the page's first load does
// not carry it and the member still verifies with one tap (main thread).
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { LoadFailureBoundary } from "../../components/ui/load-failure-boundary";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { getMemberEvidence } from "../api/acompanhamento";
import { MemberFailure } from "../query-options";

const VerifyEvidence = lazy(() => import("../../components/evidence/verify-evidence").then((m) => ({ default: m.VerifyEvidence })));

export function EvidenceSection({ token }: { token: string }) {
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = section.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "400px" });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);

  // The chain with its signed file addresses, read through the link's token (POST body, never the URL).
  const load = async () => {
    const res = await getMemberEvidence(token);
    if (!res.ok) throw new MemberFailure(res.message ?? MEMBER_MSG.evidence.loadFailed, res.status);
    return res.data;
  };
  const loading = <p className="m-muted">{MEMBER_MSG.evidence.loading}</p>;
  return (
    <section ref={section} className="m-card m-evidence" aria-labelledby="m-evidence">
      <h2 id="m-evidence">{MEMBER_MSG.evidence.title}</h2>
      <p className="m-muted">{MEMBER_MSG.evidence.intro}</p>
      {near ? (
        <LoadFailureBoundary
          message={MEMBER_MSG.evidence.loadFailed}
          messageClassName="m-error"
          retry={MEMBER_MSG.retry}
          buttonClassName="m-btn"
        >
          <Suspense fallback={loading}>
            <VerifyEvidence load={load} />
          </Suspense>
        </LoadFailureBoundary>
      ) : (
        loading
      )}
    </section>
  );
}
