/**
 * Apps (spec tag "App", reference §10): list, create, delete (archive), usage report; and tenants
 * (tag "Tenants": a customer account with its first app).
 */
import { randomHex, pageParams, paginate, type RouteContext, ACCOUNT_OWNER, ARCHIVE_SECONDS, Validator, appView, checked, fail, okData, type ManagementRoute } from './prelude';

const REGIONS = ['us', 'eu', 'in'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredRegion(v: Validator, body: Record<string, unknown>, field: string): string | undefined {
	const region = v.requiredString(body, field);
	if (region !== undefined && !REGIONS.includes(region)) v.add(field, `The selected ${field} is invalid.`);
	return region;
}

export const managementAppRoutes: ManagementRoute[] = [
	{
		// `perPage` default 25 (spec); searchKey matches the App ID or the name; archived apps are not listed (INFERRED).
		method: 'GET',
		path: '/apps',
		handler: (ctx) => {
			const v = new Validator();
			const page = pageParams({ query: { perPage: '25', ...ctx.query } } as unknown as RouteContext, v);
			checked(v);
			const search = ctx.query.searchKey?.toLowerCase();
			const all = [...ctx.store.apps.values()].filter(
				(app) => app.state === 'active' && (!search || app.id.toLowerCase().includes(search) || app.name.toLowerCase().includes(search)),
			);
			const { pageItems, pagination } = paginate(all, page);
			return okData(
				pageItems.map((app) => appView(app, { list: true })),
				{ pagination },
			);
		},
	},
	{
		method: 'POST',
		path: '/apps',
		handler: (ctx) => {
			const v = new Validator();
			const name = v.requiredString(ctx.body, 'name', 100); // the 100 is INFERRED
			const region = requiredRegion(v, ctx.body, 'region');
			const version = v.optionalString(ctx.body, 'version', 10);
			const skipSampleData = v.optionalBoolean(ctx.body, 'skipSampleData');
			checked(v);
			const active = [...ctx.store.apps.values()].filter((app) => app.state === 'active').length;
			if (active >= ctx.store.maxApps) {
				// Code and meaning from the management error-codes page; status 400 and text INFERRED.
				throw fail(400, 'ERR_APP_CREATION_FAILED_MAX_LIMIT', 'You have reached the maximum number of complimentary apps. Please delete an app or upgrade one to continue.');
			}
			const app = ctx.store.seedApp({ id: randomHex(16), name: name!, region: region!, version: version ?? '3', skipSampleData: skipSampleData ?? false });
			return okData(appView(app));
		},
	},
	{
		method: 'DELETE',
		path: '/apps/:appId',
		app: true,
		handler: (ctx) => {
			const app = ctx.app!;
			// Code and meaning from the management error-codes page; status 400 and text INFERRED.
			if (app.plan !== 'trial') throw fail(400, 'ERR_APP_DELETION', `The app ${app.id} has a paid subscription and cannot be deleted. Please contact support.`);
			app.state = 'archived';
			app.scheduledToDeleteAt = ctx.store.state.now() + ARCHIVE_SECONDS;
			return okData({ success: true, scheduledToDeleteAt: app.scheduledToDeleteAt });
		},
	},
	{
		method: 'POST',
		path: '/apps/:appId/usage',
		app: true,
		handler: (ctx) => {
			const v = new Validator();
			const previous = v.optionalBoolean(ctx.body, 'usePreviousBillingCycle');
			checked(v);
			ctx.app!.usageRequests.push(previous ?? false);
			// The spec example's text, with the app's name where the example has none.
			return okData({
				success: true,
				message: `Your usage request has been accepted and is being processed for ${ctx.app!.name}. You will receive an email with the details at ${ACCOUNT_OWNER.email}`,
			});
		},
	},
	{
		// Basic auth (spec security basicAuth); the emulator takes the management key pair for it (INFERRED).
		method: 'POST',
		path: '/tenants',
		auth: 'basic',
		handler: (ctx) => {
			const v = new Validator();
			const name = v.requiredString(ctx.body, 'name', 100);
			const email = v.requiredString(ctx.body, 'email', 254);
			if (email !== undefined && !EMAIL.test(email)) v.add('email', 'The email must be a valid email address.');
			if (email !== undefined && ctx.store.tenants.has(email.toLowerCase())) v.add('email', 'The email has already been taken.');
			v.requiredString(ctx.body, 'password', 100);
			const appName = v.requiredString(ctx.body, 'appName', 100);
			const appRegion = requiredRegion(v, ctx.body, 'appRegion');
			const optional: Record<string, string | undefined> = {};
			for (const field of ['contactNumber', 'role', 'industry', 'technology']) optional[field] = v.optionalString(ctx.body, field, 100);
			checked(v);
			// The tenant's app is visible to the key pair that made it (INFERRED: the parent manages its tenants' apps).
			const app = ctx.store.seedApp({ id: randomHex(16), name: appName!, region: appRegion!, plan: 'Build' });
			const createdAt = ctx.store.state.now();
			ctx.store.tenants.set(email!.toLowerCase(), { name: name!, email: email!, createdAt, appId: app.id, ...optional });
			const authKey = app.apiKeys.find((key) => key.scope === 'authOnly')!.apiKey;
			const apiKey = app.apiKeys.find((key) => key.scope === 'fullAccess')!.apiKey;
			return okData({
				name,
				email,
				createdAt,
				...(optional.contactNumber !== undefined ? { contactNumber: optional.contactNumber } : {}),
				app: { name: app.name, appId: app.id, region: app.region, authKey, apiKey, createdAt: app.createdAt, plan: app.plan },
			});
		},
	},
];
