print("termfit")
