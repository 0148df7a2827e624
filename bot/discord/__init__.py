"""The Discord bot: the client and its start-up (client.py, runner.py), one cog per command group (cogs/),
answers and cards as embeds, every button and menu (items.py, components.py, state.py), the 3 s deadline gate
and the delivery of replies."""
