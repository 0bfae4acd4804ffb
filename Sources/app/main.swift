print("Gatehouse")
