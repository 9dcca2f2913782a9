// The Notificações screen's and push settings' strings (features/notificacoes): loaded with that screen, not with the entry (main thread).
import { MSG } from "../messages.pt-BR";

export const NOTIFICATIONS_MSG = {
  notifications: {
    title: "Notificações",
    bell: MSG.screens.notificationsBell,
    loading: "Carregando notificações...",
    loadFailed: MSG.screens.notificationsLoadFailed,
    empty: "Nenhuma notificação nos últimos 90 dias.",
    unreadCount: (n: number) => (n === 0 ? "Nenhuma não lida" : n === 1 ? "1 não lida" : `${n} não lidas`),
    markAll: "Marcar todas como lidas",
    markAllDone: "Todas as notificações foram marcadas como lidas.",
    markAllFailed: "Não foi possível marcar as notificações como lidas.",
    markRead: "Marcar como lida",
    unread: "Não lida",
    listLabel: "Notificações, da mais recente à mais antiga",
    kinds: {
      aprovado: "Aprovado",
      recusado: "Recusado",
      "decisao-desfeita": "Decisão desfeita",
      pago: "Pago",
      "pagamento-desfeito": "Pagamento desfeito",
      retorno: "Retorno",
      retido: "Repasses retidos",
      liberado: "Repasses liberados",
    },
    reason: "Motivo",
    by: "Por",
    when: "Quando",
    openOrder: (os: number | null) => (os ? `Abrir OS #${os}` : "Abrir OS"),
    /** A return registered or asked for by the member (issue 39): the Retorno de Serviço screen lists it. */
    openReturns: "Ver retornos",
    more: "Carregar mais",
    loadingMore: "Carregando...",
    push: {
      title: "Notificações neste aparelho",
      enable: "Receber notificações neste aparelho",
      disable: "Desativar neste aparelho",
      working: "Ativando...",
      on: "Ativado: este aparelho recebe as notificações mesmo com o portal fechado.",
      blocked: "Bloqueado pelo navegador: permita as notificações deste site nas configurações do navegador.",
      unavailable: "Indisponível neste navegador.",
      failed: "Não foi possível ativar: o serviço de notificações do navegador não respondeu. Tente novamente mais tarde.",
      saveFailed: "Não foi possível ativar as notificações neste aparelho. Tente novamente.",
      off: "Desativado: as notificações aparecem só com o portal aberto.",
    },
  },
};
