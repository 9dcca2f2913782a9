// The one reader of a server's error message, shared by the API client and the outbox worker (Node).
import { describe, expect, it } from "vitest";
import { serverMessage } from "../../src/domain/server-message";

describe("serverMessage", () => {
  it("reads message, else error, when it is non-blank text", () => {
    expect(serverMessage({ success: false, message: "Arquivo grande demais." })).toBe("Arquivo grande demais.");
    expect(serverMessage({ error: "Upload não encontrado." })).toBe("Upload não encontrado.");
  });
  it("gives nothing for bodies that carry no message", () => {
    for (const body of [undefined, null, "<html>502</html>", 42, {}, { message: 3 }, { message: " " }])
      expect(serverMessage(body)).toBeUndefined();
  });
});
