import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { todoProgress } from "../../../../../contract";
import { useChatState, useChatStore } from "../../store/ChatStoreProvider";
import { CheckIcon, ChevronDownIcon, ChevronRightIcon, CloseIcon, InProgressIcon, PendingIcon } from "../../../../ui/icons";

/**
 * The coding agent's floating todo list (spec 03 §2.9, §4): over the top of the agent tab's
 * message list, collapsible, closable, shown again when the agent updates it, and hidden by
 * itself a few seconds after every item is complete.
 */
export function TodoListPanel() {
  const { t } = useTranslation();
  const store = useChatStore();
  const todos = useChatState((s) => s.todos);
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  const titleId = useId();
  if (todos.hidden || todos.items.length === 0) return null;
  const progress = todoProgress(todos.items);
  const counts = { completed: progress.completed, total: progress.total };

  return (
    <section className="todo-panel" data-testid="todo-list" aria-labelledby={titleId} data-complete={progress.allCompleted || undefined}>
      <header className="todo-panel__head">
        <div className="todo-panel__titles">
          <h2 className="todo-panel__title" id={titleId}>
            {t("agent.coding.todo.title")}
          </h2>
          <p className="todo-panel__subtitle" data-testid="todo-subtitle">
            {progress.allCompleted ? t("agent.coding.todo.allComplete") : t("agent.coding.todo.inProgress")}
          </p>
        </div>
        <span className="todo-panel__count" data-testid="todo-count" aria-hidden>
          {t("agent.coding.todo.count", counts)} · {t("agent.coding.todo.percent", { percentage: progress.percentage })}
        </span>
        <button
          type="button"
          className="icon-btn todo-panel__btn"
          data-testid="todo-collapse"
          aria-expanded={!collapsed}
          aria-controls={listId}
          aria-label={collapsed ? t("agent.coding.todo.expand") : t("agent.coding.todo.collapse")}
          title={collapsed ? t("agent.coding.todo.expand") : t("agent.coding.todo.collapse")}
          onClick={() => setCollapsed((value) => !value)}
        >
          {collapsed ? <ChevronRightIcon /> : <ChevronDownIcon />}
        </button>
        <button
          type="button"
          className="icon-btn todo-panel__btn"
          data-testid="todo-close"
          aria-label={t("agent.coding.todo.close")}
          title={t("agent.coding.todo.close")}
          onClick={store.closeTodos}
        >
          <CloseIcon />
        </button>
      </header>
      <div
        className="todo-panel__track"
        role="progressbar"
        aria-label={t("agent.coding.todo.progressLabel", counts)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
        aria-valuetext={t("agent.coding.todo.progressLabel", counts)}
      >
        <div className="todo-panel__fill" style={{ width: `${progress.percentage}%` }} />
      </div>
      <ol className="todo-panel__items" id={listId} hidden={collapsed}>
        {todos.items.map((item) => (
          <li key={item.id} className="todo-item" data-status={item.status} data-testid={`todo-item-${item.id}`}>
            {item.status === "pending" && <PendingIcon className="todo-item__mark" size={14} />}
            {item.status === "in_progress" && <InProgressIcon className="todo-item__mark" size={14} />}
            <span className="todo-item__text">
              {item.description}
              {item.status === "completed" && (
                <>
                  {" "}
                  <CheckIcon className="todo-item__check" data-testid="todo-check" size={14} />
                </>
              )}
            </span>
            <span className="sr-only">{t(`agent.coding.todo.status.${item.status}`)}</span>
          </li>
        ))}
      </ol>
      {progress.allCompleted && (
        <p className="todo-panel__done" role="status" data-testid="todo-autohide">
          {t("agent.coding.todo.autoHide")}
        </p>
      )}
    </section>
  );
}
