// The central console's 'Equipe da central' strings (features/central staff-*.tsx): loaded with the console (main thread).
import type { CentralRole } from "../../../contract/central-session";
import { MSG } from "../messages.pt-BR";

const ROLES: Record<CentralRole, string> = MSG.centralRoles;

export const STAFF_MSG = {
  title: "Equipe da central",
  roles: ROLES,
  roleHints: {
    approver: "Aprova e recusa serviços adicionais; não registra pagamentos.",
    payer: "Registra e desfaz pagamentos; não aprova serviços.",
    admin: "Aprova, paga e gerencia a equipe da central.",
  } satisfies Record<CentralRole, string>,
  you: "Você",
  signedInAs: (name: string, role: CentralRole) => `Você entrou como ${name} · ${ROLES[role]}`,
  readOnly: "Somente administradores da central convidam colegas, mudam papéis e desativam contas.",
  loading: "Carregando a equipe da central...",
  loadFailed: "Não foi possível carregar a equipe da central. Tente novamente.",
  empty: "Nenhum usuário na central.",
  invite: "Convidar colega",
  cols: {
    name: "Nome",
    email: "E-mail",
    role: "Papel",
    status: "Situação",
    created: "Criado em",
    actions: "Ações",
  },
  active: "Ativo",
  inactive: "Inativo",
  pending: "Convite pendente",
  pendingUntil: (when: string) => `Convite pendente (válido até ${when})`,
  pendingExpired: "Convite expirado",
  rowActions: (name: string) => `Ações de ${name}`,
  actionOf: (action: string, name: string) => `${action}: ${name}`,
  changeRole: "Mudar papel",
  newLink: "Novo convite",
  generating: "Gerando...",
  deactivate: "Desativar",
  reactivate: "Reativar",
  reactivating: "Reativando...",
  // Convidar colega
  inviteTitle: "Convidar colega",
  name: "Nome",
  email: "E-mail",
  role: "Papel",
  nameRequired: "Informe o nome do colega.",
  emailRequired: "Informe o e-mail do colega.",
  emailInvalid: "Informe um e-mail válido.",
  cancel: "Cancelar",
  send: "Criar convite",
  sending: "Criando...",
  inviteFailed: "Não foi possível criar o convite. Tente novamente.",
  // The link
  linkTitle: "Link de convite",
  linkIntro: (name: string) =>
    `Envie este link para ${name}. Ao abri-lo, ${name} escolhe a própria senha e entra na central com o papel definido.`,
  linkRules: (hours: number, until: string) => `O link funciona uma única vez e vale por ${hours} horas (até ${until}).`,
  link: "Link de acesso",
  copy: "Copiar link",
  copied: "Link copiado.",
  copyFailed: "Não foi possível copiar automaticamente: o link está selecionado, copie-o manualmente.",
  close: "Fechar",
  linkFailed: "Não foi possível gerar o convite. Tente novamente.",
  // Mudar papel
  roleTitle: "Mudar papel",
  roleOf: (name: string) => `Papel de ${name}`,
  roleSave: "Salvar papel",
  roleSaving: "Salvando...",
  roleFailed: "Não foi possível mudar o papel. Tente novamente.",
  // Desativar
  deactivateTitle: "Desativar colega",
  deactivateQuestion: (name: string) =>
    `${name} não poderá mais entrar na central, e as sessões abertas serão encerradas agora. Você pode reativar a conta depois.`,
  deactivating: "Desativando...",
  deactivateFailed: "Não foi possível desativar o colega. Tente novamente.",
  reactivateFailed: "Não foi possível reativar o colega. Tente novamente.",
  // Senha
  passwordTitle: "Alterar minha senha",
  passwordIntro: "As suas outras sessões (em outros aparelhos ou navegadores) serão encerradas; esta continua aberta.",
  currentPassword: "Senha atual",
  newPassword: "Nova senha",
  confirmPassword: "Confirme a nova senha",
  passwordHint: (min: number) =>
    `Pelo menos ${min} caracteres, sem espaço no início ou no fim; evite o seu nome, o seu e-mail e sequências fáceis.`,
  showPasswords: "Mostrar senhas",
  currentRequired: "Informe a senha atual.",
  newRequired: "Informe a nova senha.",
  confirmRequired: "Confirme a nova senha.",
  passwordSave: "Alterar senha",
  passwordSaving: "Alterando...",
  passwordFailed: "Não foi possível alterar a senha. Tente novamente.",
} as const;
