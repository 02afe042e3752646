"""The painter's layers, bottom to top: the board (land, sea, borders, railroads, centre
markers), the labels, the units, the orders (with their arrows), the results, and the
band with the title and legend. Each draws on the shared :class:`~..sheet.Sheet`."""
