// Service returns: the outbox's follow-up call that adds stored photos and videos to a return (atualizar-arquivos): adds, never
// overwrites, a replay changes nothing, another point's files and returns are refused, bad input answers 4xx JSON.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, call, fixtures, makeTestApp, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";

describe.each(BACKENDS)("service return files on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let id = "";
  const get = (url: string) => call(t, f.token1, "GET", url);
  const post = (url: string, body: object, token = f.token1) => call(t, token, "POST", url, body);
  const stored = async (name: string, content: Buffer, token = f.token1) => (await upload(t, token, name, content)).json().file as string;
  const row = async () =>
    (await get(`/retorno-servico/lista/${f.p1}`)).json().data.find((r: { IdRetornoServico: string }) => r.IdRetornoServico === id);

  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    const created = await post("/retorno-servico/adicionar", {
      data: { IdSocioVeiculoAgenda: f.pick(f.p1, "done")[0].id, Tipo: "PEÇA", Status: "A", Descricao: "Ruído na suspensão" },
    });
    id = created.json().data.IdRetornoServico;
  });
  afterAll(() => t?.close());

  it("seeds two returns of point 1 registered on earlier days (the list's date filter has something to narrow)", async () => {
    const list = (await get(`/retorno-servico/lista/${f.p1}`)).json().data as { Descricao: string; DataLog: string; Status: string }[];
    const seeded = list.filter((r) => /^(Ruído na suspensão dianteira voltou|Vazamento de óleo após)/.test(r.Descricao));
    expect(seeded.map((r) => r.Status).sort()).toEqual(["A", "P"]);
    const ages = seeded.map((r) => Math.round((Date.now() - new Date(r.DataLog).getTime()) / 86_400_000)).sort((a, b) => a - b);
    expect(ages).toEqual([3, 12]);
    expect(
      (await call(t, f.token2, "GET", `/retorno-servico/lista/${f.p2}`))
        .json()
        .data.some((r: { Descricao: string }) => seeded.some((x) => x.Descricao === r.Descricao)),
    ).toBe(false);
  });

  it("adds photos and videos one call at a time, keeps what was there, and a replay changes nothing", async () => {
    const photo1 = await stored("a.jpg", SAMPLE.jpg);
    const photo2 = await stored("b.png", SAMPLE.png);
    const video = await stored("c.mp4", SAMPLE.mp4);
    const ok = await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, fotos: photo1 });
    expect(ok.json()).toEqual({ success: true, message: "Arquivos do retorno de serviço atualizados com sucesso" });
    await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, videos: video });
    await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, fotos: [photo2] });
    await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, fotos: photo1 }); // a replay after a lost answer
    expect(await row()).toMatchObject({ Fotos: `${photo1},${photo2}`, Videos: video, Tipo: "PEÇA", Descricao: "Ruído na suspensão" });
    // An edit still sets the whole lists (removing a photo), and later additions add to what the edit left.
    await post("/retorno-servico/atualizar", {
      idRetornoServico: id,
      data: { Tipo: "PEÇA", Status: "P", Descricao: "Ruído", Fotos: photo2, Videos: "" },
    });
    await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, videos: video });
    expect(await row()).toMatchObject({ Fotos: photo2, Videos: video, Status: "P" });
  });

  it("refuses other points' files and returns, unknown ids and empty calls with a pt-BR message", async () => {
    const foreign = await stored("x.jpg", SAMPLE.jpg, f.token2);
    const cases: [object, number, string][] = [
      [{ IdRetornoServico: id, fotos: foreign }, 404, ""],
      [{ IdRetornoServico: id, fotos: "nao-existe.jpg" }, 404, ""],
      [{ IdRetornoServico: id }, 400, "Envie as fotos ou os vídeos do retorno."],
      [{ IdRetornoServico: id, fotos: " , " }, 400, "Envie as fotos ou os vídeos do retorno."],
      [{ IdRetornoServico: "00000000-0000-4000-8000-000000000000", fotos: foreign }, 404, "Retorno de serviço não encontrado."],
      [{ fotos: foreign }, 404, "Retorno de serviço não encontrado."],
      [{ IdRetornoServico: id, fotos: 12 }, 404, ""], // coerced to the name "12", which this point never stored
    ];
    for (const [body, status, message] of cases) {
      const res = await post("/retorno-servico/atualizar-arquivos", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toEqual(message ? message : expect.any(String));
    }
    // Point 2 cannot add its own file to point 1's return.
    const other = await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, fotos: foreign }, f.token2);
    expect(other.statusCode).toBe(404);
    expect((await row()).Fotos).not.toContain(foreign);
  });

  it("keeps at most 20 photos on a return", async () => {
    const names = await Promise.all(Array.from({ length: 20 }, (_, i) => stored(`p${i}.jpg`, SAMPLE.jpg)));
    const res = await post("/retorno-servico/atualizar-arquivos", { IdRetornoServico: id, fotos: names });
    expect([res.statusCode, res.json().message]).toEqual([400, "Um retorno de serviço aceita até 20 fotos e 20 vídeos."]);
  });
});
