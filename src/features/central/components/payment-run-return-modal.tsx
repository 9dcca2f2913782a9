// 'Importar retorno do banco' (issue 49): the bank's CNAB 240 return file chosen, read here as text (one character per byte, as
// the file's fixed positions count them) and sent with its name; the server's message and its counts (paid, rejected, already
// imported) and any 'seu número' of no run of ours are shown in the dialog, which stays open for another file; a refusal (not a
// return file, amounts that differ) stays in it too (main thread).
import { useId, useState } from "react";
import { FormModal } from "../../../components/ui/form-modal";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { ImportReturnAnswer } from "../api/payment-runs";
import { useImportReturn } from "../api/use-payment-run-mutations";

const M = PAYMENTS_MSG.importReturn;
/** The contract's limit on the text (2,000,000 characters), one per byte as read here. */
const MAX_BYTES = 2_000_000;

/**
 * The file's text, one character per byte: CNAB files are ASCII (Latin-1 at worst), laid out by byte position, and a UTF-8 read
 * of a Latin-1 byte would merge or replace characters and move every field after it.
 */
async function returnFileText(file: File): Promise<string> {
  return new TextDecoder("windows-1252").decode(await file.arrayBuffer());
}

export function PaymentRunReturnModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState("");
  const [result, setResult] = useState<ImportReturnAnswer | null>(null);
  const [reading, setReading] = useState(false);
  const importing = useImportReturn();
  const busy = reading || importing.isPending;

  const submit = async () => {
    setResult(null);
    if (!file) return setError(M.required);
    if (file.size === 0) return setError(M.empty);
    if (file.size > MAX_BYTES) return setError(M.tooLarge);
    setError("");
    setReading(true);
    let text: string;
    try {
      text = await returnFileText(file);
    } catch {
      return setError(M.unreadable);
    } finally {
      setReading(false);
    }
    importing.mutate(
      { nomeArquivo: file.name.slice(0, 300), conteudo: text },
      { onSuccess: (res) => setResult(res), onError: (e) => setError(e.message) },
    );
  };

  const fileId = `${id}-arquivo`;
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  return (
    <FormModal
      title={M.title}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      cancelLabel={M.close}
      submitLabel={M.submit}
      busyLabel={M.pending}
      after={
        // Present from the start, so the result is announced when it arrives.
        <div role="status" className="payments-return-result">
          {result && (
            <>
              <p className="payments-return-message">{result.message}</p>
              <dl className="payments-run-facts">
                <dt>{M.paid}</dt>
                <dd>{result.pagas}</dd>
                <dt>{M.rejected}</dt>
                <dd>{result.rejeitadas}</dd>
                <dt>{M.scheduled}</dt>
                <dd>{result.agendadas}</dd>
                <dt>{M.again}</dt>
                <dd>{result.jaImportadas}</dd>
              </dl>
              {result.desconhecidas.length > 0 && (
                <>
                  <p className="payments-return-unknown">{M.unknown(result.desconhecidas.length)}</p>
                  <ul className="payments-return-unknown-list">
                    {result.desconhecidas.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </div>
      }
    >
      <label htmlFor={fileId}>{M.file}</label>
      <input
        id={fileId}
        type="file"
        disabled={busy}
        aria-invalid={error && !result ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setError("");
          setResult(null);
        }}
      />
      <p id={hintId} className="muted payments-field-hint">
        {M.fileHint}
      </p>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </FormModal>
  );
}
