create table products (
    id                  text primary key,
    tenant_id           text        not null,
    name                text        not null,
    sku                 text,
    stock_quantity      integer     not null,
    low_stock_threshold integer     not null check (low_stock_threshold >= 0),
    price_amount        bigint      not null check (price_amount >= 0),
    price_currency      char(3)     not null,
    created_at          timestamptz not null,
    updated_at          timestamptz not null
);
create index products_tenant_id_idx on products (tenant_id, id desc);

-- every change of a stock level, with what caused it: an adjustment through the API or a sale (an event)
create table stock_movements (
    id          bigint generated always as identity primary key,
    tenant_id   text        not null,
    product_id  text        not null references products (id),
    delta       integer     not null,
    reason      text,
    event_id    text,
    created_at  timestamptz not null
);
create index stock_movements_product_idx on stock_movements (product_id, id);

-- the events this service has applied: a redelivered event finds its id here and changes nothing
create table processed_events (
    event_id     text primary key,
    processed_at timestamptz not null default now()
);
