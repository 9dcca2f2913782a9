// The one-time offer 'Enviar o acompanhamento ao sócio?' on the OS screen of an order started on this tab without a live member
// link (issue 39): 'Enviar acompanhamento' opens the link's modal, 'Agora não' dismisses it; either way it is not made again
// for that order (main thread).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { dropFollowOffer, hasFollowOffer } from "../../../lib/follow-offer";
import { PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { followLinkQuery } from "../query-options";

export function FollowLinkOffer({ orderId, onOpen }: { orderId: string; onOpen: () => void }) {
  const t = ORDER_MSG.follow;
  const [offered, setOffered] = useState(() => hasFollowOffer(orderId));
  // Read only when there is an offer to make: a live link (sent from another device, say) makes it pointless. The card does
  // not wait for the answer: an order just started here almost never has one, and a card appearing late above the order's
  // cards would push them down (a layout shift).
  const query = useQuery(followLinkQuery(orderId, offered));
  const { guard } = useOfflineGuard(PAGE_OFFLINE_HINT);
  if (!offered || query.data?.ativo) return null;
  const answer = (open: boolean) => {
    dropFollowOffer(orderId);
    setOffered(false);
    if (open) onOpen();
  };
  return (
    <section className="card follow-offer" aria-labelledby="acompanhamento-oferta">
      <p>
        <strong id="acompanhamento-oferta">{t.offer}</strong> {t.offerText}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => answer(true)} {...guard}>
        {t.action}
      </button>
      <button type="button" className="btn" onClick={() => answer(false)}>
        {t.offerLater}
      </button>
    </section>
  );
}
