import type { INodeProperties } from 'n8n-workflow';
import { campaignsLocator, filtersCollection, pathId } from '../../../shared/fields';
import { describeResource } from '../../../shared/operations';
import { dateFilter, limitQuery, plainOperation, queryText, recordId } from '../../fields';

// The query every analytics report takes [SPEC]: dimension, dimensionId, period, startDate and endDate (ISO 8601), limit.
const reportFilters = filtersCollection([
	{ displayName: 'Dimension', name: 'dimension', type: 'options', options: ['Campaign', 'Channel', 'Template'].map((name) => ({ name, value: name.toLowerCase() })), default: 'campaign', description: 'What the figures are rolled up by', routing: { send: { type: 'query', property: 'dimension' } } },
	queryText('Dimension ID', 'dimensionId', 'The campaign ID, template ID or channel type to report on'),
	dateFilter('End Date', 'endDate', 'Only figures up to this time', 'iso'),
	limitQuery('filters.limit'),
	{ displayName: 'Period', name: 'period', type: 'options', options: [{ name: 'Daily', value: 'daily' }, { name: 'Hourly', value: 'hourly' }], default: 'daily', description: 'The length of each rollup', routing: { send: { type: 'query', property: 'period' } } },
	dateFilter('Start Date', 'startDate', 'Only figures from this time on', 'iso'),
]);
const report = (value: string, name: string, action: string, description: string, url: string, fields: INodeProperties[] = []) =>
	plainOperation('analytics', [value, name, action, description], 'GET', url, [...fields, reportFilters]);

// GET /analytics/overview · /campaigns/{campaignId} · /templates/{templateId} · /channels · /users/{userId}
const getOverview = report('getOverview', 'Get Overview', 'Get an analytics overview', 'Get sent, delivered, read and engagement figures across campaigns, templates and channels', '/analytics/overview');
const getCampaign = report('getCampaign', 'Get for Campaign', 'Get the analytics of a campaign', 'Get the delivery and engagement figures of one campaign', `=/analytics/campaigns/${pathId('campaignId')}`, [campaignsLocator('campaign', 'campaignId', 'Campaign', 'The campaign')]);
const getTemplate = report('getTemplate', 'Get for Template', 'Get the analytics of a template', 'Get the delivery and engagement figures of one template', `=/analytics/templates/${pathId('templateId')}`, [campaignsLocator('template', 'templateId', 'Template', 'The template')]);
const getChannels = report('getChannels', 'Get by Channel', 'Get analytics by channel', 'Get delivery and engagement figures per channel', '/analytics/channels');
const getUser = report('getUser', 'Get for User', 'Get the engagement of a user', 'Get how one user received and engaged with notifications', `=/analytics/users/${pathId('userId')}`, [recordId('userId', 'User ID', 'UID of the user')]);

export const analyticsDescription = describeResource('analytics', [getCampaign, getChannels, getOverview, getTemplate, getUser], 'getOverview');
