/**
 * An app's settings (spec tag "Settings") and team (tag "Team Management": collaborators).
 */
import { ACCOUNT_OWNER, DEFAULT_SETTINGS, Validator, checked, emailList, isPlainObject, okData, type CollaboratorRecord, type ManagementRoute } from './prelude';

type Answer = { success: true } | { success: false; error: { code: string; message: string } };

// Per e-mail, as in the spec's example ({<email>: {success}}); the failure entries' shape, codes'
// status-less form and texts are INFERRED from the management error-codes page.
const refused = (code: string, message: string): Answer => ({ success: false, error: { code, message } });

export const managementTeamRoutes: ManagementRoute[] = [
	{ method: 'GET', path: '/apps/:appId/settings', app: true, handler: (ctx) => okData({ ...ctx.app!.settings }) },
	{
		method: 'POST',
		path: '/apps/:appId/settings',
		app: true,
		handler: (ctx) => {
			const v = new Validator();
			const settings = ctx.body.settings;
			if (!isPlainObject(settings) || Object.keys(settings).length === 0) v.add('settings', 'The settings field is required and must be an object.');
			else for (const [key, value] of Object.entries(settings)) if (typeof value !== 'boolean') v.add(`settings.${key}`, `The settings.${key} field must be true or false.`);
			checked(v);
			const data: Record<string, { success: boolean; message: string }> = {};
			for (const [key, value] of Object.entries(settings as Record<string, boolean>)) {
				ctx.app!.settings[key] = value;
				data[key] = { success: true, message: 'Added setting(s) successfully.' };
			}
			return okData(data);
		},
	},
	{
		// No body in the spec: the app's settings go back to the defaults. The text is INFERRED (the
		// spec's example repeats the map call's "Added setting(s) successfully.").
		method: 'DELETE',
		path: '/apps/:appId/settings',
		app: true,
		handler: (ctx) => {
			ctx.app!.settings = { ...DEFAULT_SETTINGS };
			return okData({ success: true, message: 'Removed setting(s) successfully.' });
		},
	},
	{
		method: 'GET',
		path: '/apps/:appId/collaborators',
		app: true,
		handler: (ctx) => {
			const data = [...ctx.app!.collaborators.values()].map((c) => ({ id: c.id, name: c.name, email: c.email, role: c.role, createdAt: c.createdAt }));
			return okData(data, { pagination: { total: data.length, count: data.length, per_page: 100, current_page: 1, total_pages: 1 } });
		},
	},
	{
		method: 'POST',
		path: '/apps/:appId/collaborators',
		app: true,
		handler: (ctx) => {
			const v = new Validator();
			const admins = emailList(v, ctx.body, 'admins');
			const moderators = emailList(v, ctx.body, 'moderators');
			const toRemove = emailList(v, ctx.body, 'collaboratorsToRemove');
			if (admins.length + moderators.length + toRemove.length === 0) {
				v.add('admins', 'At least one of admins, moderators or collaboratorsToRemove is required.');
			}
			checked(v);
			const team = ctx.app!.collaborators;
			const now = ctx.store.state.now();
			const add = (emails: string[], role: CollaboratorRecord['role']) => {
				const answers: Record<string, Answer> = {};
				for (const email of emails) {
					const key = email.toLowerCase();
					if (key === ACCOUNT_OWNER.email) {
						answers[email] = refused('ERR_ALREADY_AN_OWNER', `${email} is already an owner of the app.`);
						continue;
					}
					const existing = team.get(key);
					if (existing) existing.role = role;
					else team.set(key, { id: String(team.size + 2), name: email.split('@')[0], email: key, role, createdAt: now });
					answers[email] = { success: true };
				}
				return answers;
			};
			const removed: Record<string, Answer> = {};
			for (const email of toRemove) {
				const key = email.toLowerCase();
				if (!team.delete(key)) removed[email] = refused('ERR_NOT_A_COLLABORATOR', `${email} is not a collaborator of the app.`);
				else removed[email] = { success: true };
			}
			// An empty group answers [] as in the spec's example.
			const group = (answers: Record<string, Answer>) => (Object.keys(answers).length ? answers : []);
			return okData({
				collaboratorsToRemove: group(removed),
				admins: group(add(admins, 'admin')),
				developers: [],
				moderators: group(add(moderators, 'moderator')),
			});
		},
	},
];
