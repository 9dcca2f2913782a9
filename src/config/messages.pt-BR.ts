// User-visible strings of the features built so far (main thread); later features add their own groups here.
export const MSG = {
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
    loading: "Carregando...",
  },
  notFound: { title: "Página não encontrada" },
  chunk: {
    failed: "Não foi possível carregar esta tela. Verifique sua conexão.",
    retry: "Tentar novamente",
  },
  media: {
    compressingImage: "Comprimindo imagem, aguarde...",
    compressingVideo: "Comprimindo vídeo, aguarde...",
    compressionFailed: "Erro na compressão, usando arquivo original",
    sent: (n: number) => `${n} arquivo(s) enviado(s) com sucesso!`,
    sending: (n: number) => `Enviando ${n} arquivo(s)`,
    retry: "Tentar novamente",
    discard: "Descartar",
    signInAgain: "Sua sessão expirou. Entre novamente para continuar o envio dos arquivos.",
  },
  placeholder: "Esta tela ainda está em construção e será liberada em breve.",
} as const;
