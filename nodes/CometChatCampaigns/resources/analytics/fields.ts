import { filtersCollection } from '../../../shared/fields';
import { dateFilter, limitQuery, queryText } from '../../fields';

// The query every analytics report takes [SPEC]: dimension, dimensionId, period, startDate and endDate (ISO 8601), limit.
export const reportFilters = filtersCollection([
	{ displayName: 'Dimension', name: 'dimension', type: 'options', options: ['Campaign', 'Channel', 'Template'].map((name) => ({ name, value: name.toLowerCase() })), default: 'campaign', description: 'What the figures are rolled up by', routing: { send: { type: 'query', property: 'dimension' } } },
	queryText('Dimension ID', 'dimensionId', 'The campaign ID, template ID or channel type to report on'),
	dateFilter('End Date', 'endDate', 'Only figures up to this time', 'iso'),
	limitQuery('filters.limit'),
	{ displayName: 'Period', name: 'period', type: 'options', options: [{ name: 'Daily', value: 'daily' }, { name: 'Hourly', value: 'hourly' }], default: 'daily', description: 'The length of each rollup', routing: { send: { type: 'query', property: 'period' } } },
	dateFilter('Start Date', 'startDate', 'Only figures from this time on', 'iso'),
]);
