import { PlusOutlined } from '@ant-design/icons';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translate, type EntityDef, type EntityName, type Query } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import type { FormSection } from '../form/EntityForm';
import { LazyEntityForm, preloadEntityForm } from '../form/LazyEntityForm';
import { fieldColumns, type Row } from '../list/fieldColumns';
import { ListPage, listQueryKey, type ListPageProps } from '../list/ListPage';

export interface CrudPageProps {
  entity: EntityDef;
  /** Field keys shown as columns, in order. */
  columns: readonly string[];
  /** Filters sent with every list and values set on every new record (a company's type). */
  fixed?: Record<string, string | number>;
  /**
   * Filters the pickers of some references send with their searches (only maintenance companies: `{ type: 3 }`).
   * Every reference finds its picker from its definition; pages name only what is particular to them.
   */
  refFilters?: Record<string, Query>;
  formInputs?: Record<string, ReactElement>;
  hiddenFormFields?: readonly string[];
  /** A title for the add dialog; the entity's label by default. */
  createTitle?: string;
  readOnly?: boolean;
  /** Records can be added and deleted but not changed (access tokens). */
  canEdit?: boolean;
  /** Whether one record may still be changed (a voided contract may not); all may by default. */
  canEditRow?: (row: Row) => boolean;
  /** After a save, with the server's answer (a new token's secret, shown once). */
  onSaved?: (saved: unknown) => void;
  canDelete?: boolean;
  /** Whether one record may still be deleted (a confirmed old-style maintenance order may not); all may by default. */
  canDeleteRow?: (row: Row) => boolean;
  extraActions?: (row: Row) => ReactNode;
  /** Buttons after Add (import, export, selection actions). */
  toolbarExtra?: ReactNode;
  selection?: ListPageProps['selection'];
  /** Saves the form's body instead of the generic save (a confirm-and-resend on a conflict). */
  save?: (body: Record<string, unknown>) => Promise<unknown>;
  testId?: string;
  /** The form's fields in titled groups, in a wide drawer (EntityForm's `sections`). */
  formSections?: readonly FormSection[];
}

/** A list with add, edit and delete through the generic entity form: most pages of the console are this. */
export function CrudPage(props: CrudPageProps) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [creating, setCreating] = useState(false);
  const label = props.entity.label[language];
  // the dialog's code comes once the first rows are on screen, when the browser has nothing else to do
  const listing = useIsFetching({ queryKey: listQueryKey(props.entity) });
  const listed =
    listing === 0 &&
    queryClient.getQueriesData({ queryKey: listQueryKey(props.entity) }).some(([, data]) => data !== undefined);
  useEffect(() => {
    if (props.readOnly || !listed) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(preloadEntityForm);
  }, [props.readOnly, listed]);

  const remove = useMutation({
    mutationFn: (id: number) => client.entities[props.entity.name as EntityName].remove(id),
    onSuccess: () => {
      message.success(translate(language, 'outcome.deleted'));
      void queryClient.invalidateQueries({ queryKey: [props.entity.path] });
    },
  });

  const actions = (row: Row) => (
    <>
      {props.readOnly || props.canEdit === false || props.canEditRow?.(row) === false ? null : (
        <Button size="small" type="link" onClick={() => setEditing(row)} data-testid={`edit-${row.id}`}>
          {t('common.edit')}
        </Button>
      )}
      {props.extraActions?.(row)}
      {props.canDelete === false || props.readOnly || props.canDeleteRow?.(row) === false ? null : (
        <Popconfirm
          title={t('common.deleteConfirm')}
          onConfirm={() => remove.mutate(row.id)}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
        >
          <Button size="small" type="link" danger data-testid={`delete-${row.id}`}>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      )}
    </>
  );

  const hasActions = !props.readOnly || !!props.extraActions;
  return (
    <>
      <ListPage
        entity={props.entity}
        columns={fieldColumns(props.entity, props.columns, language)}
        fixedQuery={props.fixed as Query | undefined}
        refFilters={props.refFilters}
        rowActions={hasActions ? actions : undefined}
        selection={props.selection}
        testId={props.testId}
        toolbar={
          props.readOnly && !props.toolbarExtra ? undefined : (
            <>
              {props.readOnly ? null : (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setCreating(true)}
                  data-testid="create-button"
                >
                  {t('common.create')}
                </Button>
              )}
              {props.toolbarExtra}
            </>
          )
        }
      />
      {props.readOnly ? null : (
        <LazyEntityForm
          entity={props.entity}
          open={creating || editing !== null}
          record={editing ?? undefined}
          fixed={props.fixed}
          hidden={props.hiddenFormFields}
          refFilters={props.refFilters}
          inputs={props.formInputs}
          onSaved={props.onSaved}
          save={props.save}
          sections={props.formSections}
          title={editing ? `${t('common.edit')} · ${label}` : (props.createTitle ?? `${t('common.create')} · ${label}`)}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
