import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CodingProject } from "../../../../contract";
import { selectChat } from "../../../app/session/selection";
import { Spinner } from "../../../ui/Spinner";
import { useProjects } from "../api";
import { matchesProject } from "./projectRules";
import { CheckIcon, iconLabel } from "../../../ui/icons";

/** Opening a project opens its coding chat; the chat carries the project (spec 01 §4). */
export function openProject(project: CodingProject): void {
  if (project.chatId) selectChat(project.chatId, project.id);
}

/**
 * The searchable project list inside a dropdown (spec 03 §2.1): 'No projects found' when there are
 * none, 'No matching projects found' when the search excludes all.
 */
export function ProjectMenuList({ currentId, testIdPrefix }: { currentId: string | null; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useProjects();
  const [query, setQuery] = useState("");
  const projects = data?.projects ?? [];
  const shown = projects.filter((project) => matchesProject(project, query));

  // Radix menus jump to items on typed letters; the search field keeps its keys, and ArrowDown enters the list.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      event.currentTarget.closest("[role=menu]")?.querySelector<HTMLElement>("[role=menuitem]:not([data-disabled])")?.focus();
      return;
    }
    if (event.key !== "Escape" && event.key !== "Tab") event.stopPropagation();
  };

  return (
    <>
      {projects.length > 0 && (
        <div className="ws-menu-search">
          <input
            type="search"
            className="field__input"
            placeholder={t("workspace.projects.search")}
            aria-label={t("workspace.projects.search")}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            data-testid={`${testIdPrefix}-search`}
          />
        </div>
      )}
      {isLoading && (
        <div className="menu__state" role="status">
          <Spinner size={14} /> {t("common.loading")}
        </div>
      )}
      {!isLoading && error && (
        <DropdownMenu.Item
          className="menu__item menu__state--error"
          onSelect={(event) => {
            event.preventDefault(); // stay open so the list shows in place
            void mutate();
          }}
        >
          {t("workspace.projects.loadFailed")} · {t("common.retry")}
        </DropdownMenu.Item>
      )}
      {!isLoading && !error && projects.length === 0 && (
        <div className="menu__state" data-testid={`${testIdPrefix}-empty`}>
          {t("workspace.projects.noProjects")}
        </div>
      )}
      {projects.length > 0 && shown.length === 0 && (
        <div className="menu__state" data-testid={`${testIdPrefix}-no-match`}>
          {t("workspace.projects.noMatching")}
        </div>
      )}
      <div className="menu__scroll">
        {shown.map((project) => (
          <DropdownMenu.Item
            key={project.id}
            className="menu__item"
            disabled={!project.chatId}
            onSelect={() => openProject(project)}
            aria-current={project.id === currentId || undefined}
            title={project.chatId ? project.description || project.name : t("workspace.projects.noChat")}
            data-testid={`${testIdPrefix}-item-${project.id}`}
          >
            <span className="menu__item-text">
              {project.name}
              {project.chatOwnerName && <span className="ws-menu-owner"> · {t("workspace.projects.ownedBy", { name: project.chatOwnerName })}</span>}
            </span>
            {project.id === currentId && <CheckIcon className="menu__check" {...iconLabel(t("workspace.projects.current"))} />}
          </DropdownMenu.Item>
        ))}
      </div>
    </>
  );
}
