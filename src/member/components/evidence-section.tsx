// 'Verificar evidências' on the member's page: the verifier (src/components/evidence/verify-evidence.tsx, shared with the OS
// screen and the central, with its own button) is loaded when its section nears the screen, so the page's first load does
// not carry it and the member still verifies with one tap (main thread).
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { getMemberEvidence } from "../api/acompanhamento";
import { MemberFailure } from "../query-options";

const VerifyEvidence = lazy(() => import("../../components/evidence/verify-evidence").then((m) => ({ default: m.VerifyEvidence })));

/**
 * A failed chunk download (a phone that lost its connection) shows a retry instead of emptying the page; React.lazy keeps a
 * failed import, so the retry reloads the page (the token stays in its fragment).
 */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p className="m-error">{MEMBER_MSG.evidence.loadFailed}</p>
        <button type="button" className="m-btn" onClick={() => location.reload()}>
          {MEMBER_MSG.retry}
        </button>
      </div>
    );
  }
}

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
        <LoadFailure>
          <Suspense fallback={loading}>
            <VerifyEvidence load={load} />
          </Suspense>
        </LoadFailure>
      ) : (
        loading
      )}
    </section>
  );
}
