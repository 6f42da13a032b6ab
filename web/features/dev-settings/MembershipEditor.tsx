import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { mutate } from "swr";
import { PLAN_CATALOGUE, TIERS, type DevUser, type Tier } from "../../../contract";
import { api } from "../../app/api/client";
import { API_KEYS } from "../../app/api/swr";
import { useLang } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { dayToIso, isoToDay } from "./expiryDate";

interface Props {
  user: DevUser;
  /** The signed-in developer; editing oneself also refreshes one's own plan badge. */
  selfId: string;
  onSaved: (user: DevUser) => void;
}

function initialTier(user: DevUser): Tier {
  return (TIERS as readonly string[]).includes(user.memberPlan) ? (user.memberPlan as Tier) : user.tier;
}

/** Sets one user's plan and optional expiry (payment is out of scope, developers grant plans). */
export function MembershipEditor({ user, selfId, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [plan, setPlan] = useState<Tier>(initialTier(user));
  const [day, setDay] = useState(isoToDay(user.memberExpireAt));
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await api.put<DevUser>(`/api/dev/users/${encodeURIComponent(user.id)}/membership`, {
        memberPlan: plan,
        memberExpireAt: day ? dayToIso(day) : null,
      });
      toast.success(t("dev.saved", { name: saved.name || user.name }));
      onSaved(saved);
      await mutate((key) => Array.isArray(key) && key[0] === "/api/dev/users");
      if (user.id === selfId) await Promise.all([mutate(API_KEYS.membershipStatus), mutate(API_KEYS.session), mutate(API_KEYS.usage)]);
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={onSubmit} aria-labelledby="dev-edit-title" data-testid="dev-membership-form">
      <h2 id="dev-edit-title" className="card__title">
        {t("dev.editTitle", { name: user.name || user.email })}
      </h2>
      <p className="muted">{user.email}</p>
      <div className="field">
        <label className="field__label" htmlFor="dev-plan">
          {t("dev.planLabel")}
        </label>
        <select id="dev-plan" className="field__input" value={plan} onChange={(e) => setPlan(e.target.value as Tier)} data-testid="dev-plan-select">
          {TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {PLAN_CATALOGUE[tier].displayName[lang]} ({tier})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="dev-expiry">
          {t("dev.expiryLabel")}
        </label>
        <div className="row">
          <input
            id="dev-expiry"
            type="date"
            className="field__input"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            aria-describedby="dev-expiry-hint"
            data-testid="dev-expiry-input"
          />
          <Button variant="ghost" size="sm" onClick={() => setDay("")} disabled={!day}>
            {t("dev.clearExpiry")}
          </Button>
        </div>
        <p id="dev-expiry-hint" className="field__hint">
          {t("dev.expiryHint")}
        </p>
      </div>
      <div className="row row--end">
        <Button type="submit" busy={busy} data-testid="dev-save">
          {busy ? t("common.saving") : t("common.save")}
        </Button>
      </div>
    </form>
  );
}
