// 'Enviar acompanhamento' (issue 39): the member's follow link of an order. Without a live link: 'Gerar link de acompanhamento',
// then the link shown once with 'Enviar pelo WhatsApp' and 'Copiar link'; with one: since when and until when, 'Gerar novo
// link' (the old one stops working) and 'Revogar link' after a confirmation (main thread).
import { useId, useLayoutEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { isoToBr, wallClock } from "../../../domain/dates";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { Modal } from "../../../components/ui/modal";
import { QueryState } from "../../../components/ui/query-state";
import { OfflineHint, useOfflineGuard } from "../../../lib/offline/offline-hint";
import type { FollowLinkState, NewFollowLink } from "../api/follow-link";
import { useCreateFollowLink, useRevokeFollowLink } from "../api/use-follow-link-mutations";
import { followLinkQuery } from "../query-options";

const t = ORDER_MSG.follow;

/** An instant (ISO) as Brasília's 'dd/mm/aaaa hh:mm' (the fixed-offset wall clock: no Intl object for one line). */
export function brDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const { date, time } = wallClock(d);
  return `${isoToBr(date)} ${time}`;
}

/**
 * wa.me with the server's text and the link after it: to the member's number (55 + DDD + number, as the server gives it),
 * or to no number at all, where WhatsApp asks whom to send it to.
 */
export function followWhatsappUrl(link: NewFollowLink, address: string): string {
  const text = encodeURIComponent(`${link.mensagem}\n${address}`);
  return link.telefoneWhatsApp ? `https://wa.me/${link.telefoneWhatsApp}?text=${text}` : `https://wa.me/?text=${text}`;
}

/** The link just made: the only time its address exists on this side (the server keeps its hash). */
function NewLink({ link }: { link: NewFollowLink }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"" | "copied" | "failed">("");
  const address = `${location.origin}${link.caminho}`;
  // The generate button left with the previous view: the link itself takes the focus (selected, ready to copy by hand too).
  useLayoutEffect(() => input.current?.focus(), []);

  const onCopy = () => {
    const copied = navigator.clipboard?.writeText(address) ?? Promise.reject(new Error("no clipboard"));
    copied.then(
      () => setCopy("copied"),
      () => {
        // Without clipboard access (an old browser, a refused permission) the link is selected for a manual copy.
        input.current?.focus();
        input.current?.select();
        setCopy("failed");
      },
    );
  };

  return (
    <div className="follow-new">
      <label htmlFor={`${id}-link`}>{t.linkLabel}</label>
      <input
        ref={input}
        id={`${id}-link`}
        type="text"
        className="follow-address"
        value={address}
        readOnly
        aria-describedby={`${id}-once`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <p id={`${id}-once`} className="muted">
        {t.shownOnce}
      </p>
      {!link.telefoneWhatsApp && <p className="muted">{t.noPhone}</p>}
      <div className="modal-actions follow-actions">
        <a className="btn btn-primary" href={followWhatsappUrl(link, address)} target="_blank" rel="noopener noreferrer">
          {t.whatsapp}
        </a>
        <button type="button" className="btn" onClick={onCopy}>
          {t.copy}
        </button>
      </div>
      <p className={copy === "failed" ? "form-error" : "follow-done"} role="status">
        {copy === "copied" ? t.copied : copy === "failed" ? t.copyFailed : ""}
      </p>
    </div>
  );
}

/** Why there is no live link now: none yet, revoked, or past its 30 days. */
function lastLinkText(state: FollowLinkState): string | null {
  if (state.revogadoEm) return t.revokedAt(brDateTime(state.revogadoEm));
  if (state.criadoEm && state.validoAte) return t.expiredAt(brDateTime(state.validoAte));
  return null;
}

export function FollowLinkModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const query = useQuery(followLinkQuery(orderId));
  const [made, setMade] = useState<NewFollowLink | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const content = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const { online, hintId: offlineId, guard } = useOfflineGuard();

  const create = useCreateFollowLink(orderId, {
    onSuccess: (link) => {
      setNotice("");
      setMade(link);
    },
  });
  const revoke = useRevokeFollowLink(orderId, {
    onSuccess: () => {
      setMade(null);
      setNotice(t.revoked);
    },
    onError: (err) => setRevokeError(err.message || t.revokeFailed),
    onSettled: (_data, err) => {
      if (!err) setConfirming(false);
    },
  });
  // The confirmation closed on a revoked link: the button that opened it is gone with the live link, so the focus comes back
  // to the modal's content (where 'Link revogado' is) instead of the page's body.
  useLayoutEffect(() => {
    if (!confirming && notice) content.current?.focus();
  }, [confirming, notice]);

  const generateButton = (label: string, describedBy?: string) => (
    <button
      type="button"
      className="btn btn-primary"
      disabled={create.isPending}
      onClick={() => create.mutate()}
      {...(describedBy ? { "aria-describedby": describedBy } : {})}
      {...guard}
    >
      {create.isPending ? t.generating : label}
    </button>
  );

  return (
    <>
      <Modal
        open
        title={t.title}
        onClose={onClose}
        preventClose={create.isPending}
        footer={
          <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
            {t.close}
          </button>
        }
      >
        <div ref={content} tabIndex={-1} className="follow-content">
          <p>{t.intro}</p>
          {made ? (
            <NewLink link={made} />
          ) : (
            <QueryState query={query} variant="card" loading={t.loading} error={t.loadFailed}>
              {(state) =>
                state.ativo ? (
                  <>
                    <p className="follow-since">
                      <strong>{t.activeSince(state.criadoEm ? brDateTime(state.criadoEm) : "")}</strong>
                    </p>
                    <p className="muted">{state.validoAte ? t.validUntil(brDateTime(state.validoAte)) : t.validOpen}</p>
                    <p id={hintId} className="muted">
                      {t.regenerateHint}
                    </p>
                    <div className="modal-actions follow-actions">
                      {generateButton(t.regenerate, hintId)}
                      <button
                        type="button"
                        className="btn btn-danger"
                        onClick={() => {
                          setRevokeError(null);
                          setConfirming(true);
                        }}
                        {...guard}
                      >
                        {t.revoke}
                      </button>
                    </div>
                  </>
                ) : (
                  <>
                    <p>{t.none}</p>
                    {lastLinkText(state) && <p className="muted">{lastLinkText(state)}</p>}
                    <div className="modal-actions follow-actions">{generateButton(t.generate)}</div>
                  </>
                )
              }
            </QueryState>
          )}
          {create.isError && (
            <p className="form-error" role="alert">
              {create.error.message || t.createFailed}
            </p>
          )}
          <p className="follow-done" role="status">
            {notice}
          </p>
          <OfflineHint id={offlineId} online={online} />
        </div>
      </Modal>
      {confirming && (
        <ConfirmModal
          title={t.revokeTitle}
          onClose={() => setConfirming(false)}
          onConfirm={() => revoke.mutate()}
          pending={revoke.isPending}
          confirmLabel={t.revokeYes}
          pendingLabel={t.revoking}
          backLabel={t.back}
          error={revokeError}
        >
          <p>{t.revokeText}</p>
        </ConfirmModal>
      )}
    </>
  );
}
