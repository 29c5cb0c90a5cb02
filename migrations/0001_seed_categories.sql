-- Reference data: the shop's categories (docs/product.md). Created active.
INSERT OR IGNORE INTO `categories` (`name`, `slug`) VALUES
  ('Indoors', 'indoors'),
  ('Deps', 'deps'),
  ('Lows', 'lows'),
  ('Edibles', 'edibles'),
  ('Pens', 'pens'),
  ('Concentrates', 'concentrates'),
  ('Pala', 'pala'),
  ('Gelato Punch', 'gelato-punch'),
  ('Branded Exotics', 'branded-exotics'),
  ('New Drops', 'new-drops'),
  ('Mushrooms', 'mushrooms');
