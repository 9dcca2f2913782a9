// Shared helpers of the browser-mode tests: signed-in API sessions on the test server.
import { inject } from "vitest";

export const api = inject("apiUrl");

export interface TestSession {
  token: string;
  appointment: string;
  userId: string;
  pointId: string;
}

/** Signs in (the demo user by default) and returns the token, the user, the point and a concluded appointment of that point. */
export async function signIn(email = "demo@credenciado.com.br"): Promise<TestSession> {
  const login = await fetch(`${api}/credenciado/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo1234" }),
  });
  const token = (await login.json()).token as string;
  const user = (await (await fetch(`${api}/credenciado/get`, { headers: { authToken: token } })).json()).data;
  const list = (await (await fetch(`${api}/agendamentos/lista/${user.IdPontoAtendimento}`, { headers: { authToken: token } })).json()).data;
  const appointment = list.find((r: { StatusAgendamento: string }) => r.StatusAgendamento === "C").IdSocioVeiculoAgenda as string;
  return { token, appointment, userId: user.IdPontoAtendimentoUsuario, pointId: user.IdPontoAtendimento };
}

export const demoSession = () => signIn();
