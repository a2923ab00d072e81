-- the review list filters by customer (GET /api/v1/reviews?customerId=), newest first
create index reviews_customer_idx on reviews (tenant_id, customer_id, id desc);
