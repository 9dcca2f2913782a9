// Sign-in, first access and password reset strings (features/session): loaded with that screen, not with the entry (main thread).
import { MSG } from "../messages.pt-BR";

export const SESSION_MSG = {
  /** Access links and passwords: 'Esqueci minha senha', first access (invitation) and new password (reset). */
  access: {
    forgotLink: "Esqueci minha senha",
    forgotTitle: "Esqueci minha senha",
    forgotIntro: "Informe o e-mail cadastrado. Se ele tiver acesso ao portal, enviaremos as instruções para criar uma nova senha.",
    email: "E-mail",
    emailRequired: "Informe o e-mail.",
    emailInvalid: "Informe um e-mail válido, como nome@empresa.com.br.",
    send: "Enviar",
    sending: "Enviando...",
    sendFailed: "Não foi possível enviar o pedido. Tente novamente.",
    backToLogin: "Voltar para o login",
    goToLogin: "Ir para o login",
    firstAccessTitle: "Primeiro acesso",
    resetTitle: "Criar nova senha",
    checking: "Verificando o link...",
    checkFailed: "Não foi possível verificar o link. Tente novamente.",
    noToken: "Link de acesso inválido. Peça um novo link ao administrador do ponto.",
    hello: (name: string) => `Olá, ${name}`,
    firstAccessIntro: "Crie a senha que você vai usar para entrar no Portal do Credenciado.",
    resetIntro: "Crie uma nova senha para entrar no Portal do Credenciado.",
    account: "E-mail de acesso",
    newPassword: "Nova senha",
    confirmPassword: "Confirmar senha",
    passwordHint: (min: number) =>
      `Use pelo menos ${min} caracteres, sem o seu nome, e-mail, datas ou sequências. Várias palavras juntas formam uma senha forte e fácil de lembrar.`,
    /** The meter under the new password (use-password-strength.ts): the level in words, then why it is not enough. */
    strength: (level: "weak" | "fair" | "good" | "strong") =>
      `Força da senha: ${{ weak: "fraca", fair: "razoável", good: "boa", strong: "forte" }[level]}.`,
    strengthChecking: "Avaliando a força da senha...",
    passwordRequired: "Informe a nova senha.",
    confirmRequired: "Confirme a nova senha.",
    showPasswords: "Mostrar senhas",
    save: "Salvar senha e entrar",
    saving: "Salvando...",
    saveFailed: MSG.screens.accessSaveFailed,
  },
};
