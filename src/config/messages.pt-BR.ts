// User-visible strings the entry needs (the shell, the session, the router's prefetch and guards) (main thread). Each screen's
// other strings live in src/config/messages/<screen>.pt-BR.ts, imported by that screen's code, so they load with it.
import { DEACTIVATED_MESSAGE } from "../domain/deactivation";
export const MSG = {
  /**
   * What the entry itself needs of each screen's strings (the router's prefetch and guards, the header's bell); the rest of
   * each screen's strings live in src/config/messages/<screen>.pt-BR.ts and load with that screen.
   */
  screens: {
    accessSaveFailed: "Não foi possível salvar a senha. Tente novamente.",
    teamLoadFailed: "Erro ao carregar a equipe",
    teamRolesFailed: "Erro ao carregar os cargos",
    bankDataLoadFailed: "Erro ao carregar dados bancários",
    bankDataTitle: "Dados Bancários",
    registrationLoadFailed: "Erro ao carregar dados cadastrais",
    registrationTitle: "Dados Cadastrais",
    mirrorLoadFailed: "Erro ao carregar o espelho financeiro",
    ratingsLoadFailed: "Erro ao carregar avaliações",
    financialPointFailed: "Erro ao carregar dados do credenciado",
    notificationsLoadFailed: "Não foi possível carregar as notificações.",
    notificationsBell: (unread: number) =>
      unread === 0 ? "Notificações, nenhuma não lida" : unread === 1 ? "Notificações, 1 não lida" : `Notificações, ${unread} não lidas`,
  },
  /** Shared by every view (components/ui): the retry of a call that failed. */
  common: {
    retry: "Tentar novamente",
    /** A modal's close button (components/ui/modal). */
    close: "Fechar",
    /** A form's modal closed by back, Escape, the overlay or × while it holds what the user typed or chose (issue 50). */
    discardQuestion: "Descartar o que você preencheu? Toque em Cancelar para continuar editando.",
    /** A filter bar's reversed period (components/ui/period-fields). */
    periodInvalid: "A data inicial não pode ser posterior à data final.",
    /** A screen of the point's administrators opened by another user (app/guards.tsx AdminOnly; the server refuses them too). */
    adminOnly: "Acesso restrito aos administradores do ponto.",
  },
  login: {
    required: "Email e senha são obrigatórios",
    failed: "Erro no login",
    error: "Erro ao fazer login",
    serverError: "Erro interno do servidor",
    authCheck: "Erro na verificação de autenticação",
    userData: "Erro ao buscar dados do usuário",
    busy: "Entrando...",
    submit: "Entrar",
    offline: "Sem conexão com a internet. Verifique sua rede e tente novamente.",
  },
  session: {
    expired: "Sua sessão expirou. Entre novamente.",
    /** Told on the login screen to a user the point's administrator deactivated (signed out by it, or signing in again); the server's words. */
    deactivated: DEACTIVATED_MESSAGE,
    loading: "Carregando...",
  },
  /**
   * Registro de alterações: the point's record (/registro-alteracoes, administrators) and the central's (every point), both
   * drawn by components/audit.
   */
  audit: {
    title: "Registro de alterações",
    intro: "Quem alterou os dados bancários, os dados cadastrais e a equipe do ponto, e quando. Valores sensíveis aparecem mascarados.",
    centralIntro: "Alterações de dados bancários, cadastrais e de equipe de todos os pontos, e as confirmações da central.",
    loading: "Carregando o registro de alterações...",
    loadFailed: "Erro ao carregar o registro de alterações",
    empty: "Nenhuma alteração registrada.",
    emptyFiltered: "Nenhuma alteração registrada com estes filtros.",
    filters: "Filtros do registro de alterações",
    entity: "Tipo de alteração",
    point: "Ponto de atendimento",
    allPoints: "Todos os pontos",
    loadingPoints: "Carregando pontos...",
    chosenPoint: "Ponto selecionado",
    all: "Todos",
    /** The filter's options. */
    entities: {
      dado_bancario: "Dados bancários",
      dados_cadastrais: "Dados cadastrais",
      usuario: "Equipe",
      dados_pagamento: "Confirmações da central",
    },
    /** An entry's badge. */
    entityBadge: {
      dado_bancario: "Dados bancários",
      dados_cadastrais: "Dados cadastrais",
      usuario: "Equipe",
      dados_pagamento: "Confirmação da central",
    } as Record<string, string>,
    list: "Alterações registradas",
    cols: { when: "Data e hora", point: "Ponto", author: "Autor", what: "O que mudou", changes: "Campos" },
    /** Beside the author's name when it is not a user of the point. */
    authorKind: { central: "Central", sistema: "Sistema" } as Record<string, string>,
    noFieldChanges: "Nenhum campo alterado.",
    /** How a field's change reads: 'Chave PIX: ••••0181 → ••••1234'; the arrow is read as 'para' by screen readers. */
    from: "de",
    to: "para",
    created: "incluído",
    removed: "removido",
    range: (first: number, last: number, total: number) =>
      `Mostrando ${first}–${last} de ${total} ${total === 1 ? "alteração" : "alterações"}`,
    page: (n: number, of: number) => `Página ${n} de ${of}`,
    pages: "Páginas do registro de alterações",
    previous: "Anterior",
    next: "Próxima",
  },
  notFound: { title: "Página não encontrada" },
  /** The central staff's roles (issue 38), beside the user's name in the console's header and in 'Equipe da central'. */
  centralRoles: { approver: "Aprovador", payer: "Pagador", admin: "Administrador" },
  chunk: {
    failed: "Não foi possível carregar esta tela. Verifique sua conexão.",
    retry: "Tentar novamente",
  },
  // Serviços card, select-service modal and removal (OS execution screen).
  // Anotações Gerais card and notes modal.
  // Laudos and Recibos list modals.
  // Finish modal and the final video (OS execution screen).
  // Initial-video prompt of the OS screen (orders started elsewhere, or opened before being started).
  // Detalhes financeiros modal.
  offline: {
    notice: (time: string) => `Sem conexão — dados de ${time}`,
    noticeNoData: "Sem conexão — mostrando só o que já estava salvo neste aparelho",
    actionsDisabled:
      "Sem conexão: esta ação precisa da internet e volta quando a conexão voltar. Fotos e vídeos continuam sendo salvos e serão enviados depois.",
  },
  pwa: {
    updateAvailable: "Nova versão disponível",
    updateHint: "Atualize para usar a nova versão. Os arquivos na fila de envio continuam salvos.",
    update: "Atualizar",
    updating: "Atualizando...",
    later: "Agora não",
  },
  /** Installing the app (app/pwa/install-*): the account menu's entry, the iPhone how-to and the offer after the first finished order. */
  install: {
    action: "Instalar o app",
    later: "Agora não",
    iosTap: "Toque em",
    iosShare: "Compartilhar",
    iosThen: "e depois em",
    iosAdd: "Adicionar à Tela de Início",
    iosHint: "O portal fica na tela de início e abre como um aplicativo.",
    offer: "Instale o portal no celular: ele abre direto da tela de início.",
  },
  select: { search: "Pesquisar", clear: "Limpar seleção", empty: "Nenhuma opção encontrada" },
} as const;
