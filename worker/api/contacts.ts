import * as v from "valibot";
import { Id, PEOPLE_TEXTS, type ContactRemoved, type ContactsAnswer } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { removeContactError } from "../lib/people-refusals";
import { requireUser } from "../lib/session";
import { param } from "../lib/validate";
import { listContacts, removeContact } from "../people/contacts";

const OwnerParam = v.object({ userId: Id });
const ContactParam = v.object({ userId: Id, contactId: Id });

/** `/api/contacts/{userId}` (spec 01 §7): only ever my own contacts. */
export const contactsApi = newApp()
  .use(requireUser)
  .get("/:userId", param(OwnerParam), async (c) => {
    const me = c.get("user");
    if (c.req.valid("param").userId !== me.id) throw new ApiError(403, PEOPLE_TEXTS.otherContacts);
    return ok<ContactsAnswer>(c, { contacts: await listContacts(getDb(c.env.DB), me) });
  })
  .delete("/:userId/:contactId", param(ContactParam), async (c) => {
    const me = c.get("user");
    const { userId, contactId } = c.req.valid("param");
    if (userId !== me.id) throw new ApiError(403, PEOPLE_TEXTS.otherContacts);
    const r = await removeContact(getDb(c.env.DB), me, contactId);
    if (!r.ok) throw removeContactError(r);
    return ok<ContactRemoved>(c, { removed: true });
  });
