"""The order's screen as one answer, composed above orders and billing (docs/architecture.md).

Orders answers what it owns of an order (its customer, goods, lease, deposit state,
shipments, contract, after-sales, timeline, the actions it may offer); billing answers the
order's money (its bills, their totals, what an order ended without a deal gave back, the
bills a deposit transfer paid). Neither asks the other: this package reads both and
answers `orderInfo` as it always did (the way Saleor's GraphQL types compose an order and
its payments above both apps)."""
