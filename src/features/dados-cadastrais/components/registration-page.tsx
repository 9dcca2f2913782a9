// Dados Cadastrais (/dados-cadastrais): the point's registration and opening hours, view mode, then edit mode from a snapshot
// with Cancelar and Salvar at the top and the bottom; Salvar only once something changed (main thread).
import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { whenIdle } from "../../../lib/yield-to-main";
import { QueryState } from "../../../components/ui/query-state";
import { REGISTRATION_MSG } from "../../../config/messages/registration.pt-BR";
import { withReason } from "../../../domain/format";
import type { DadosCadastrais } from "../../../lib/point-registration";
import { sameForm, toForm, toPayload, validate, type DayKey, type FieldKey, type FormErrors, type RegistrationForm as Form } from "../form";
import { useSaveRegistration } from "../api/use-dados-cadastrais-mutations";
import { registrationQuery } from "../query-options";
import { RegistrationView } from "./registration-view";

export interface RegistrationPageProps {
  pointId: string;
  userId: string;
}

const t = REGISTRATION_MSG.registration;
const HINT_ID = "cadastro-salvar-dica";

type FormModule = typeof import("./registration-form");
let formLoad: Promise<FormModule> | undefined;
/**
 * The edit form and its input masks (imask, about 17 KiB gzip) are not in the page's first JS: most visits only read. Asked
 * for in idle time once the view is shown, so 'Editar' rarely waits; awaited by 'Editar' (a failed download is asked again).
 */
const loadForm = () =>
  (formLoad ??= import("./registration-form").catch((error: unknown) => {
    formLoad = undefined;
    throw error;
  }));

/** Editing state: the snapshot taken on Editar (what Cancelar restores and Salvar compares with) and the form being edited. */
interface Editing {
  loaded: DadosCadastrais;
  snapshot: Form;
  form: Form;
}

export default function RegistrationPage({ pointId }: RegistrationPageProps) {
  const query = useQuery(registrationQuery(pointId));
  const save = useSaveRegistration(pointId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [Form, setForm] = useState<FormModule["RegistrationForm"] | null>(null);
  const [opening, setOpening] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState("");
  const pageRef = useRef<HTMLElement>(null);
  // Where focus goes after the next render: Editar after leaving edit mode, the first field on entering it, the first invalid one.
  const focusNext = useRef<"edit" | "first" | "invalid" | null>(null);
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const selector = target === "edit" ? "[data-edit]" : target === "first" ? "#cadastro-RazaoSocial" : "[aria-invalid='true']";
    pageRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const dirty = editing !== null && !sameForm(editing.form, editing.snapshot);
  const hasData = query.data !== undefined;
  useEffect(() => {
    if (hasData) whenIdle(() => void loadForm().catch(() => undefined));
  }, [hasData]);
  const startEdit = () => {
    const data = query.data;
    if (!data || opening) return;
    setOpening(true);
    setOpenFailed(false);
    loadForm()
      .then(
        (m) => {
          const snapshot = toForm(data);
          setForm(() => m.RegistrationForm);
          setEditing({ loaded: data, snapshot, form: snapshot });
          setErrors({});
          setFormError("");
          focusNext.current = "first";
        },
        // Under the title, not a toast: a toast would lie over 'Editar', the button that tries again.
        () => setOpenFailed(true),
      )
      .finally(() => setOpening(false));
  };
  const leave = () => {
    setEditing(null);
    setErrors({});
    setFormError("");
    focusNext.current = "edit";
  };
  const change = (key: FieldKey, value: string, day?: DayKey) => {
    setEditing((e) => (e && e.form[key] !== value ? { ...e, form: { ...e.form, [key]: value } } : e));
    setErrors((prev) => (prev[key] || (day && prev[day]) ? { ...prev, [key]: undefined, ...(day ? { [day]: undefined } : {}) } : prev));
    setFormError("");
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing || !dirty || save.isPending) return;
    const next = validate(editing.form);
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusNext.current = "invalid";
      return;
    }
    save.mutate(toPayload(editing.form, editing.loaded, pointId), {
      onSuccess: () => {
        toast.success(t.saved);
        leave();
      },
      onError: (err) => {
        const message = withReason(t.saveFailed, err.message);
        setFormError(message);
        toast.error(message);
      },
    });
  };

  const saveDisabled = !dirty || save.isPending;
  const actions = (where: string) => (
    <div className="registration-actions" role="group" aria-label={`${t.actions} (${where})`}>
      <button type="button" className="btn" onClick={leave} disabled={save.isPending}>
        {t.cancel}
      </button>
      <button type="submit" className="btn btn-primary" disabled={saveDisabled} aria-describedby={dirty ? undefined : HINT_ID}>
        {save.isPending ? t.saving : t.save}
      </button>
    </div>
  );

  // 'Editar' comes with the data QueryState shows, in the same deferred pass: shown before it, the button grew the header
  // and pushed the loading line down (a layout shift of 0.003 in issue 37's Lighthouse run).
  const loaded = useDeferredValue(query.data !== undefined);

  if (editing && query.data && Form) {
    return (
      <section className="page registration-page" ref={pageRef}>
        <form onSubmit={submit} noValidate aria-labelledby="cadastro-titulo">
          <header className="page-header registration-header">
            <h1 id="cadastro-titulo" className="page-title">
              {t.title}
            </h1>
            {actions("topo")}
          </header>
          {!dirty && (
            <p id={HINT_ID} className="muted registration-hint">
              {t.unchanged}
            </p>
          )}
          {formError && (
            <p className="form-error registration-form-error" role="alert">
              {formError}
            </p>
          )}
          <Form form={editing.form} errors={errors} disabled={save.isPending} onChange={change} />
          <footer className="registration-footer">{actions("rodapé")}</footer>
        </form>
      </section>
    );
  }
  return (
    <section className="page registration-page" ref={pageRef}>
      <header className="page-header registration-header">
        <h1 id="cadastro-titulo" className="page-title">
          {t.title}
        </h1>
        {loaded && (
          <button type="button" className="btn btn-primary" data-edit onClick={startEdit} aria-busy={opening || undefined}>
            {t.edit}
          </button>
        )}
      </header>
      {openFailed && (
        <p className="form-error registration-form-error" role="alert">
          {t.formLoadFailed}
        </p>
      )}
      <QueryState query={query} loading={t.loading} error={t.loadFailed}>
        {(data) => <RegistrationView form={toForm(data)} />}
      </QueryState>
    </section>
  );
}
